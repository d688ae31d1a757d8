// Accounts through the real UI: sign-up, sign-in, sign-out, route guards, password reset by mail,
// social sign-in against the local OpenID provider, the auth loading screen and toasts.
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminAccount,
  appUrl,
  createAccount,
  expect,
  grantSubscription,
  mailApi,
  recordNavigations,
  setOidcUser,
  signInBrowser,
  test,
  uniqueEmail,
  verificationLink,
  verificationMailCount,
  waitForMail,
  type Account,
  type CaughtMail,
} from '../support/fixtures.js';
import { sql } from '../support/more-fixtures.js';

const NEW_PASSWORD = 'e2e-new-password-2';

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

function paths(visited: string[]): string[] {
  return visited.map((url) => new URL(url).pathname);
}

/** Asserts that `later` was visited after `earlier` (client-side redirects included). */
function expectVisitedInOrder(visited: string[], ...expected: string[]): void {
  const seen = paths(visited);
  let from = 0;
  for (const path of expected) {
    const index = seen.indexOf(path, from);
    expect(index, `${path} after ${expected.slice(0, expected.indexOf(path)).join(', ')} in ${seen.join(' → ')}`).toBeGreaterThanOrEqual(0);
    from = index + 1;
  }
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Keeps every <h1> text the page ever rendered, so a screen shown for a moment cannot go unnoticed. */
async function recordHeadings(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __headings: Set<string> }).__headings = seen;
    new MutationObserver(() => {
      document.querySelectorAll('h1').forEach((heading) => seen.add(heading.textContent ?? ''));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __headings: Set<string> }).__headings]);
}

test.describe('sign up', () => {
  test('through the form lands on /pricing signed in, with a toast', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm Password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page).toHaveURL(/\/pricing$/);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  test('with mismatched passwords says so and sends nothing', async ({ page }) => {
    const signUpPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/auth/sign-up')) signUpPosts.push(request.url());
    });
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm Password').fill('e2e-password-2');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/signup$/);
    expect(signUpPosts).toEqual([]);
  });

  test('with a common password says why and sends nothing', async ({ page }) => {
    const signUpPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/auth/sign-up')) signUpPosts.push(request.url());
    });
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('Password', { exact: true }).fill('1234567890');
    await page.getByLabel('Confirm Password').fill('1234567890');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page.getByText('This password is too common. Choose one that is harder to guess')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
    expect(signUpPosts).toEqual([]);
  });
});

test.describe('the admin address', () => {
  test('is a plain account until the link mailed at sign-up is followed, then opens the admin console', async ({ page, request }) => {
    // Earlier specs may have made the run-wide admin account: start again from nothing. It is signed up
    // again with the same password below, so later specs sign in to it as before.
    await sql('delete from users where lower(email) = $1', [ADMIN_EMAIL]);
    const before = await verificationMailCount(request, ADMIN_EMAIL);

    await page.goto('/signup');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Confirm Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Verify your email to get admin access' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the admin console' })).toHaveCount(0);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { role: string }; adminVerificationPending: boolean };
    expect(me.user.role).toBe('user');
    expect(me.adminVerificationPending).toBe(true);
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin$/);

    // The mail sent at sign-up, and a second one on request from the profile page: either link works.
    const link = await verificationLink(request, ADMIN_EMAIL, before);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(toast(page, 'Verification email sent')).toBeVisible();
    await verificationLink(request, ADMIN_EMAIL, before + 1);

    // The link proves who reads the mailbox: it signs every session out and asks its holder for the password.
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=.+&verified=admin$/);
    await expect(page.getByText('Your address is verified.')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await signInBrowser(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, userId: '' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Verify your email to get admin access' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open the admin console' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin - Leads Management', level: 1 })).toBeVisible();
  });
});

test.describe('sign out', () => {
  test('from the user menu on a guarded page goes to / with a toast and the signed-out header', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(account.email);
    const visited = recordNavigations(page);

    await page.getByRole('button', { name: `Account menu for ${account.email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await expect(page).toHaveURL(`${appUrl}/`);
    await expect(toast(page, 'Signed out successfully.')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    // Leaving /profile must not bounce through /signin on the way home.
    expect(paths(visited)).not.toContain('/signin');
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});

test.describe('sign in', () => {
  test('through the form hard-redirects to /dashboard, which sends an unsubscribed user to /pricing', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/signin');
    const visited = recordNavigations(page);
    const dashboardLoad = page.waitForRequest((req) => req.isNavigationRequest() && new URL(req.url()).pathname === '/dashboard');
    await fillSignIn(page, account.email, account.password);

    await dashboardLoad; // a full page load, not a client-side route change
    await expect(page).toHaveURL(/\/pricing$/);
    expectVisitedInOrder(visited, '/dashboard', '/pricing');
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  });

  test('with a wrong password toasts and returns the button to idle', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/signin');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    await fillSignIn(page, account.email, 'not-the-password');

    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeDisabled();
    release();
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/signin$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});

test.describe('route guards', () => {
  for (const path of ['/dashboard', '/historical', '/profile']) {
    test(`${path} sends a signed-out visitor to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    });
  }

  test('/admin sends a plain user to /dashboard (then /pricing) without showing the admin screen', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    const headings = await recordHeadings(page);
    const visited = recordNavigations(page);
    await page.goto('/admin');

    await expect(page).toHaveURL(/\/pricing$/);
    expectVisitedInOrder(visited, '/admin', '/dashboard', '/pricing');
    expect(await headings()).not.toContain('Admin - Leads Management');
  });

  test('/admin/subscribers sends a subscribed plain user to /dashboard', async ({ page, request }) => {
    const account = await createAccount(request);
    await grantSubscription(account.userId);
    await signInBrowser(page, account);
    const headings = await recordHeadings(page);
    await page.goto('/admin/subscribers');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Recent Leads', level: 1 })).toBeVisible();
    expect(await headings()).not.toContain('Email Subscribers');
  });

  test('the admin account opens /admin and /admin/subscribers', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { role: string } };
    expect(me.user.role).toBe('admin');

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin - Leads Management', level: 1 })).toBeVisible();
    await page.goto('/admin/subscribers');
    await expect(page).toHaveURL(/\/admin\/subscribers$/);
    await expect(page.getByRole('heading', { name: 'Email Subscribers', level: 1 })).toBeVisible();
  });

  for (const path of ['/signin', '/signup', '/reset-password']) {
    test(`${path} sends a signed-in user to /dashboard (and on to /pricing without a subscription)`, async ({ page, request }) => {
      const account = await createAccount(request);
      await signInBrowser(page, account);
      const visited = recordNavigations(page);
      await page.goto(path);

      await expect(page).toHaveURL(/\/pricing$/);
      expectVisitedInOrder(visited, path, '/dashboard', '/pricing');
    });

    test(`${path} sends a subscribed user to /dashboard, where they stay`, async ({ page, request }) => {
      const account = await createAccount(request);
      await grantSubscription(account.userId);
      await signInBrowser(page, account);
      await page.goto(path);

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Recent Leads', level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});

test.describe('password reset', () => {
  function resetLink(mail: CaughtMail): string {
    const match = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![0];
  }

  async function requestReset(page: Page, email: string): Promise<void> {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
  }

  async function expectCheckYourEmail(page: Page, email: string): Promise<void> {
    await expect(page.getByRole('heading', { name: 'Check Your Email', level: 1 })).toBeVisible();
    await expect(page.getByTestId('reset-email-address')).toHaveText(email);
    const steps = page.getByRole('list', { name: 'Next steps' }).getByRole('listitem');
    await expect(steps).toHaveText([/check your inbox/i, /click the link/i, /enter a new password/i, /sign in with your new password/i]);
  }

  async function setNewPassword(page: Page, password: string): Promise<void> {
    await page.getByLabel('New Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm New Password').fill(password);
    await page.getByRole('button', { name: 'Update Password' }).click();
  }

  test('by mail, end to end: the new password works, the old one and the used link do not', async ({ page, request }) => {
    const account: Account = await createAccount(request, uniqueEmail('reset'));
    await requestReset(page, account.email);
    await expect(toast(page, 'Password reset email sent!')).toBeVisible();
    await expectCheckYourEmail(page, account.email);

    const mail = await waitForMail(request, account.email);
    expect(mail.subject).toBe('Reset your Fundwire password');
    const link = resetLink(mail);
    expect(new URL(link).origin).toBe(appUrl);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
    await setNewPassword(page, NEW_PASSWORD);
    await expect(toast(page, 'Password updated. Sign in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    await fillSignIn(page, account.email, account.password);
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    const visited = recordNavigations(page);
    await fillSignIn(page, account.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/pricing$/);
    expectVisitedInOrder(visited, '/dashboard', '/pricing');

    // The link works once: even signed in, it opens, and the used token is refused on submit.
    await page.goto(link);
    await setNewPassword(page, 'e2e-third-password-3');
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/reset-password');
    const stillNew = await request.post(`${appUrl}/api/auth/sign-in/email`, {
      headers: { origin: appUrl },
      data: { email: account.email, password: NEW_PASSWORD },
    });
    expect(stillNew.status()).toBe(200);
  });

  test('asks for the email when it is empty', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/api/auth/')) posts.push(req.url());
    });
    await page.goto('/reset-password');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });

  test('for an unknown address still shows Check Your Email and sends no mail', async ({ page, request }) => {
    const unknown = uniqueEmail('nobody');
    await requestReset(page, unknown);
    await expectCheckYourEmail(page, unknown);

    // Send Another Email returns to an empty form.
    await page.getByRole('button', { name: 'Send Another Email' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');

    // A request for a real account made afterwards arrives; by then a mail to the unknown address would have too.
    const known = await createAccount(request, uniqueEmail('known'));
    await requestReset(page, known.email);
    await expectCheckYourEmail(page, known.email);
    await waitForMail(request, known.email);
    const mails = (await (await request.get(`${mailApi}/mails`)).json()) as CaughtMail[];
    expect(mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });
});

test.describe('social sign-in', () => {
  test('with Google goes through the provider and lands on /dashboard as that user', async ({ page, request }) => {
    const email = uniqueEmail('google');
    await setOidcUser(request, { sub: `google-${email}`, email, name: 'Google Person' });
    await page.goto('/signin');
    const visited = recordNavigations(page);
    // The provider's pages are redirects, which leave no committed navigation: watch the requests instead.
    const hops: string[] = [];
    page.on('request', (req) => {
      if (!req.isNavigationRequest()) return;
      const url = new URL(req.url());
      hops.push(url.port === process.env.E2E_OIDC_PORT ? `provider ${url.pathname}` : url.pathname);
    });
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL(/\/pricing$/);
    expect(hops.slice(0, 3)).toEqual(['provider /authorize', '/api/auth/callback/google', '/dashboard']);
    expectVisitedInOrder(visited, '/dashboard', '/pricing');
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  });

  test('with an unconfigured provider says so and stays on /signin', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(toast(page, 'GitHub sign-in is not configured')).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Twitter' }).click();
    await expect(toast(page, 'Twitter sign-in is not configured')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
  });
});

test.describe('auth loading', () => {
  test('shows the full-page message while the session check is pending (signed out)', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session**', async (route) => {
      await held;
      await route.continue();
    });
    // An app screen (not prerendered) waits behind the message.
    await page.goto('/signin');
    const loading = page.getByText('Please wait while we check your authentication status.');
    await expect(loading).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);

    release();
    await expect(loading).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('public pages show at once with the signed-out header while the session check is pending, then follow it', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByText('Please wait while we check your authentication status.')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

    release();
    // Signed in after all: the header switches to the subscriber's links without a reload.
    await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test('shows the full-page message while /api/me is pending (signed in)', async ({ page, request }) => {
    const account = await createAccount(request);
    await grantSubscription(account.userId);
    await signInBrowser(page, account);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const loading = page.getByText('Please wait while we check your authentication status.');
    await expect(loading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Leads' })).toHaveCount(0);

    release();
    await expect(loading).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Recent Leads', level: 1 })).toBeVisible();
  });
});

test.describe('toasts', () => {
  test('can be dismissed with their close button', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    const message = toast(page, 'GitHub sign-in is not configured');
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(message).toHaveCount(0);
  });
});
