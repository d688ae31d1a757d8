// axe on every screen that is not a public page (those are in public-site.spec.ts): the auth forms,
// the subscriber's screens, the admin's, checkout and the pages opened from mails. Fails on serious or
// critical violations.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, createAccount, expect, grantSubscription, signInBrowser, test, uniqueEmail } from '../support/fixtures.js';
import { priceIdFor, signInAsAdmin } from '../support/more-fixtures.js';

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

test.describe('accessibility (axe, serious and critical)', () => {
  // Each test walks several screens, running axe on each.
  test.describe.configure({ timeout: 60_000 });
  test('sign-in, sign-up and password reset, including their error states', async ({ page }) => {
    await open(page, '/signin', 'Sign In');
    await expectNoSeriousA11yViolations(page, { label: '/signin' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectNoSeriousA11yViolations(page, { label: '/signin with errors' });

    await open(page, '/signup', 'Sign Up');
    await expectNoSeriousA11yViolations(page, { label: '/signup' });

    await open(page, '/reset-password', 'Reset Password');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expectNoSeriousA11yViolations(page, { label: '/reset-password with an error' });

    // The mailed sign-in link's page, its password form and its dead-link state.
    await open(page, '/signin/link?token=made-up-token', 'Finish signing in');
    await expectNoSeriousA11yViolations(page, { label: '/signin/link' });
    await page.getByLabel('Password').fill('any password here');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'This sign-in link is not valid' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/signin/link with a dead link' });
  });

  test('a subscriber\u2019s dashboard (with the contacts dialog), historical leads, saved searches and profile', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('a11y'));
    await grantSubscription(account.userId);
    await signInBrowser(page, account);

    await open(page, '/dashboard', 'Recent Leads');
    await expect(page.getByTestId('lead-card').first()).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, { label: '/dashboard' });
    await page.getByTestId('lead-card').first().getByRole('button', { name: /View Contacts/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/dashboard contacts dialog' });
    await page.keyboard.press('Escape');

    await open(page, '/historical', 'Historical Leads');
    await expect(page.getByTestId('lead-card').first()).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, { label: '/historical' });

    // Saved searches, empty (searches.spec checks it with searches, deliveries and its dialogs).
    await open(page, '/searches', 'Saved Searches');
    await expect(page.getByRole('heading', { name: 'No saved searches yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/searches empty' });

    await open(page, '/profile', /Profile|Account/);
    await expect(page.getByTestId('profile-email')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/profile' });

    // The signed-in header's user menu, open.
    await page.getByRole('button', { name: `Account menu for ${account.email}` }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'user menu' });
  });

  test('the test-mode checkout page', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('a11y-checkout'));
    await signInBrowser(page, account);
    const created = await page.request.post(`${appUrl}/api/create-checkout-session`, { headers: { origin: appUrl }, data: { priceId: await priceIdFor(page.request, 'annual') } });
    expect(created.ok(), await created.text()).toBe(true);
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start free trial', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'test checkout' });
  });

  test('the admin\u2019s leads and subscribers screens, and the add-lead dialog', async ({ page }) => {
    await signInAsAdmin(page);
    await open(page, '/admin', 'Admin - Leads Management');
    await expect(page.getByRole('button', { name: 'Add Lead' })).toBeVisible();
    // A page holds 100 rows built alike: the first five stand for the rest (all of them made this the suite's slowest check).
    await expect(page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(6)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/admin', exclude: 'table tbody > tr:nth-child(n+6)' });
    await page.getByRole('button', { name: 'Add Lead' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The page behind it was checked just now.
    await expectNoSeriousA11yViolations(page, { label: '/admin add-lead dialog', include: '[role="dialog"]' });
    await page.keyboard.press('Escape');

    await open(page, '/admin/subscribers', 'Email Subscribers');
    await expect(page.getByRole('button', { name: 'Send Weekly Email' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/admin/subscribers' });
  });

  test('the admin subscribers screen while it loads (a slow server): its loading state is a named status', async ({ page }) => {
    await signInAsAdmin(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/subscribers(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/subscribers');
    await expect(page.getByRole('status', { name: 'Loading subscribers' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/admin/subscribers while loading' });
    release();
    await expect(page.getByRole('button', { name: 'Send Weekly Email' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading subscribers' })).toHaveCount(0);
  });

  test('pages opened from mails, with a bad link', async ({ page }) => {
    for (const path of ['/newsletter/confirm?token=forged.token', '/unsubscribe?token=forged.token', '/email-preferences?token=forged.token']) {
      await page.goto(path);
      // A forged token ends in the page's error state.
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page, { label: path });
    }
  });
});
