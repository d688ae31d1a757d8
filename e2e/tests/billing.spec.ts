// Billing in built-in test mode (no Stripe keys): pricing -> test checkout -> dashboard, the profile's
// three-step cancellation flow, reactivation, the retention offer, live status over SSE, checkout
// cancel, access ending with the period, and no secret keys in the shipped web assets.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { appUrl, createAccount, expect as baseExpect, signInBrowser, test, uniqueEmail } from '../support/fixtures.js';
import { billingDateInBrowser, fetchMe, sql, subscribeViaTestCheckout, toast } from '../support/more-fixtures.js';

// Generous but finite: the machine is small and may run another suite at the same time.
const expect = baseExpect.configure({ timeout: 10_000 });
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../apps/web/dist');

function planCard(page: Page, plan: 'monthly' | 'annual') {
  return page.locator(`[data-testid="plan-card"][data-plan="${plan}"]`);
}

/** A new account, signed in in the page's context, subscribed through the test checkout API. */
async function subscribedUser(page: Page, prefix: string) {
  const account = await createAccount(page.request, uniqueEmail(prefix));
  await signInBrowser(page, account);
  await subscribeViaTestCheckout(page.request);
  return account;
}

test.describe('subscribing in test mode', () => {
  test('sign up, pick Monthly, pay on the test checkout, land on the dashboard; the profile shows the trial', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('buyer');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm Password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    // The page knows who is signed in before a plan is picked.
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

    const monthly = planCard(page, 'monthly');
    await expect(monthly.getByRole('heading', { name: 'Monthly' })).toBeVisible();
    await expect(monthly).toContainText('$79/month');
    await monthly.getByRole('button', { name: 'Start 7-day free trial: Monthly plan' }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_[0-9a-f]+$/, { timeout: 15_000 });
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(page.getByTestId('test-mode-banner')).toContainText('TEST MODE');
    await expect(page.getByRole('heading', { name: 'Monthly plan', level: 1 })).toBeVisible();
    await expect(page.getByText('7-day free trial, then $79/month')).toBeVisible();
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Due today$0');

    // From Pay on, the app moves on by itself: no document is loaded again (no reload, no hard redirect).
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads.push(request.url());
    });
    // $0 is due today, so the button says what happens: the trial starts.
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Start free trial', exact: true }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Recent Leads', level: 1 })).toBeVisible();
    await expect(page.getByTestId('lead-card').first()).toBeVisible({ timeout: 15_000 });
    expect(documentLoads).toEqual([]);

    const me = await fetchMe(page.request);
    expect(me.hasActiveSubscription).toBe(true);
    expect(me.subscription).toMatchObject({ status: 'trialing', plan: 'monthly', cancelAtPeriodEnd: false });
    const checkout = await page.request.get(`/api/checkout/test/${sessionId}`);
    expect(((await checkout.json()) as { status: string }).status).toBe('complete');

    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    const status = page.getByTestId('subscription-status');
    await expect(status).toHaveAttribute('data-status', 'trialing');
    await expect(status).toHaveText('Trial');
    await expect(page.getByText('Monthly ($79/month)')).toBeVisible();
    await expect(page.getByText(`Trial ends`)).toBeVisible();
    await expect(page.getByText(await billingDateInBrowser(page, me.subscription!.trialEnd!)).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  });

  test('signed out, a subscribe button opens sign-up keeping the plan', async ({ page }) => {
    const checkoutCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/create-checkout-session')) checkoutCalls.push(request.url());
    });
    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await planCard(page, 'monthly').getByRole('button', { name: 'Start 7-day free trial: Monthly plan' }).click();
    await expect(toast(page, 'Create your account (or sign in) to start your free trial')).toBeVisible();
    await expect(page).toHaveURL(/\/signup\?plan=monthly$/);
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/signin?plan=monthly');
    expect(checkoutCalls).toEqual([]);
  });

  test('Cancel on the test checkout goes back to /pricing, charges nothing and closes the session', async ({ page }) => {
    const account = await createAccount(page.request, uniqueEmail('checkout-cancel'));
    await signInBrowser(page, account);
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
    await planCard(page, 'annual').getByRole('button', { name: 'Start 7-day free trial: Annual plan' }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_[0-9a-f]+$/, { timeout: 15_000 });
    const checkoutPath = new URL(page.url()).pathname;
    const sessionId = checkoutPath.split('/').pop()!;
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Annual plan', level: 1 })).toBeVisible();
    await expect(page.getByText('7-day free trial, then $790/year')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // The ?checkout=canceled notice is shown once and dropped from the address.
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(toast(page, 'Checkout canceled. You have not been charged.')).toBeVisible();
    await expect(planCard(page, 'annual').getByRole('button', { name: 'Start 7-day free trial: Annual plan' })).toBeEnabled();

    const session = (await (await page.request.get(`/api/checkout/test/${sessionId}`)).json()) as { status: string };
    expect(session.status).toBe('canceled');
    const me = await fetchMe(page.request);
    expect(me.subscription).toBeNull();
    expect(me.hasActiveSubscription).toBe(false);

    // The link cannot be paid afterwards.
    await page.goto(checkoutPath);
    await expect(page.getByText('This checkout was canceled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start free trial', exact: true })).toHaveCount(0);
  });
});

test.describe('managing a subscription', () => {
  test('cancellation flow: feedback is stored, cancel at period end reloads the profile, Reactivate undoes it', async ({ page }) => {
    test.setTimeout(60_000);
    const account = await subscribedUser(page, 'canceler');
    const before = await fetchMe(page.request);
    expect(before.subscription?.status).toBe('trialing');

    await page.goto('/profile');
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'trialing');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: "We're sorry to see you go" })).toBeVisible();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await expect(dialog.getByRole('radio')).toHaveCount(6);
    const details = 'E2E: the price is too high for our team right now.';
    await dialog.getByLabel('Anything else you would like to share? (optional)').fill(details);
    // Details alone are not enough: a reason is required.
    await expect(continueButton).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Too expensive' }).check();
    await expect(continueButton).toBeEnabled();
    await continueButton.click();

    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Before you go: 50% off for 3 months' })).toBeVisible();
    await expect(dialog).toContainText('$39.50/month');
    const feedback = await sql<{ reason: string; details: string; email: string }>(
      'select reason, details, email from cancellation_feedback where user_id = $1',
      [account.userId],
    );
    expect(feedback).toEqual([{ reason: 'too_expensive', details, email: account.email }]);
    // Feedback alone changes nothing.
    expect((await fetchMe(page.request)).subscription?.cancelAtPeriodEnd).toBe(false);

    await dialog.getByRole('button', { name: 'No Thanks, Cancel' }).click();
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Cancel at the end of your billing period?' })).toBeVisible();
    await expect(dialog).toContainText('reverts to the free plan');

    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
    await reloaded;
    const navigationType = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
    expect(navigationType).toBe('reload');
    await expect(page).toHaveURL(/\/profile$/);

    const cancelled = await fetchMe(page.request);
    expect(cancelled.subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect(cancelled.hasActiveSubscription).toBe(true);
    const notice = page.getByRole('note', { name: 'Canceling at period end' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Canceling at period end');
    await expect(notice).toContainText(`Will cancel on ${await billingDateInBrowser(page, cancelled.subscription!.willCancelAt!)}`);
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'trialing');
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

    await notice.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await expect(toast(page, 'Subscription reactivated')).toBeVisible();
    await expect(page.getByText('Canceling at period end')).toHaveCount(0);
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', /^(trialing|active)$/);
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    const reactivated = await fetchMe(page.request);
    expect(reactivated.subscription).toMatchObject({ cancelAtPeriodEnd: false, willCancelAt: null });
    expect(reactivated.hasActiveSubscription).toBe(true);
  });

  test('retention offer: Accept Offer keeps the subscription with 50% off', async ({ page }) => {
    test.setTimeout(60_000);
    const account = await subscribedUser(page, 'retained');
    await page.goto('/profile');
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'trialing');
    await expect(page.getByText('Discount')).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Not getting enough value' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();

    // The offer's checkout url brings the browser back to the profile, which says what was applied once.
    await expect(toast(page, 'Offer applied: 50% off for the next 3 months')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/profile$/);
    const me = await fetchMe(page.request);
    expect(me.subscription).toMatchObject({ discountPercent: 50, cancelAtPeriodEnd: false, status: 'trialing' });
    expect(me.subscription?.discountEndsAt).not.toBeNull();
    await expect(page.getByText(`50% off until ${await billingDateInBrowser(page, me.subscription!.discountEndsAt!)}`)).toBeVisible();
    await expect(page.getByText('with your discount')).toBeVisible();
    await expect(page.getByText('Canceling at period end')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();

    const feedback = await sql<{ reason: string }>('select reason from cancellation_feedback where user_id = $1', [account.userId]);
    expect(feedback).toEqual([{ reason: 'not_enough_value' }]);

    // The offer is once per account: asked again, the server's refusal shows and the flow goes on to its last step.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('radio', { name: 'Not getting enough value' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(toast(page, 'The retention offer has already been used')).toBeVisible();
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    expect((await fetchMe(page.request)).subscription).toMatchObject({ discountPercent: 50, discountEndsAt: me.subscription!.discountEndsAt });
  });

  test('an open profile shows a cancellation made elsewhere within seconds, without a reload', async ({ page }) => {
    await subscribedUser(page, 'live');
    const stream = page.waitForRequest((request) => request.url().endsWith('/api/me/events'));
    await page.goto('/profile');
    await stream;
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'trialing');
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = 1));

    const cancelled = await page.request.post('/api/cancel-subscription', { headers: { origin: appUrl }, data: {} });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    await expect(page.getByText('Canceling at period end', { exact: true })).toBeVisible({ timeout: 8_000 });
    await expect(page.getByRole('button', { name: 'Reactivate Subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument)).toBe(1);
  });

  test('after a cancelled period ends, leads answer 403 and /dashboard sends the user to /pricing', async ({ page }) => {
    test.setTimeout(60_000);
    const account = await subscribedUser(page, 'expired');
    const cancelled = await page.request.post('/api/cancel-subscription', { headers: { origin: appUrl }, data: {} });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    // Cancelling keeps access until the period ends.
    expect((await page.request.get('/api/leads?page=1&limit=20')).status()).toBe(200);

    await sql(`update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`, [account.userId]);
    // Sessions are cached for up to 5 s; the end of the period counts from then on.
    await expect
      .poll(async () => (await page.request.get('/api/leads?page=1&limit=20')).status(), { timeout: 20_000, intervals: [1_000] })
      .toBe(403);
    expect((await fetchMe(page.request)).hasActiveSubscription).toBe(false);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/pricing$/, { timeout: 15_000 });
    await expect(page.getByTestId('lead-card')).toHaveCount(0);
  });
});

test('no secret key is shipped in the built web assets', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(webDist);
  expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file).toString('latin1');
    for (const marker of ['sk_live_', 'sk_test_', 'whsec_', 'rk_live_']) {
      if (text.includes(marker)) leaks.push(`${path.relative(webDist, file)}: ${marker}`);
    }
  }
  expect(leaks).toEqual([]);
});
