// Issue 33 items 4-7 at 1280 and 375 px, with axe on each changed screen: the chosen plan kept through sign-up to
// its checkout (which says what is due today), the locked screen's reason, Change password on /profile, the admin
// navigation, /api/docs back to the app, a saved "last 7 days" reopening as the rolling window, amounts read the
// same way everywhere, and copy that says what happens.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, createAccount, deleteAccount, expect, signInBrowser, test, uniqueEmail } from '../support/fixtures.js';
import { signInAsAdmin, sql, toast } from '../support/more-fixtures.js';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 800 } },
] as const;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`a rep's first day at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    test('the plan chosen on /pricing is kept through sign-up and opens its checkout, which says what is due today', async ({ page }) => {
      const email = uniqueEmail(`plan-${name}`);
      await page.goto('/pricing');
      await page.locator('[data-plan="annual"]').getByRole('button', { name: 'Start 7-day free trial: Annual plan' }).click();
      await expect(page).toHaveURL(/\/signup\?plan=annual$/);
      await expect(page.getByText('start your 7-day free trial of the Annual plan')).toBeVisible();
      const kept = toast(page, 'Your plan is kept.');
      await expect(kept).toBeVisible();
      await kept.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(kept).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, { label: `/signup?plan=annual at ${viewport.width} px` });

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
      await page.getByLabel('Confirm Password').fill('e2e-password-1');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      // Straight to the chosen plan's checkout: no second choice on /pricing.
      await page.waitForURL(/\/checkout\/test\/cs_test_[0-9a-f]+$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Annual plan', level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Due today$0');
      await expect(page.getByRole('button', { name: 'Start free trial', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, { label: `test checkout at ${viewport.width} px` });

      const [user] = await sql<{ id: string }>('select id from users where lower(email) = $1', [email.toLowerCase()]);
      if (user) await deleteAccount(user.id);
    });

    test('a signed-in account without a subscription is told why a screen is locked, and how to subscribe', async ({ page, request }) => {
      const account = await createAccount(request, uniqueEmail(`locked-${name}`));
      try {
        await signInBrowser(page, account);
        for (const [path, screen] of [
          ['/dashboard', 'Recent Leads'],
          ['/historical', 'Historical Leads'],
        ] as const) {
          await page.goto(path);
          await expect(page).toHaveURL(/\/pricing$/);
          const notice = page.getByTestId('locked-notice');
          await expect(notice).toBeVisible();
          await expect(notice).toContainText(`${screen} is locked`);
          await expect(notice).toContainText('this account has no subscription yet');
          // The way to subscribe is on the same page, on every width.
          await expect(page.locator('[data-plan="monthly"]').getByRole('button', { name: 'Start 7-day free trial: Monthly plan' })).toBeVisible();
        }
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, { label: `/pricing with the locked notice at ${viewport.width} px` });
      } finally {
        await deleteAccount(account.userId);
      }
    });

    test('/profile changes the password: the current one is checked, the new one follows the sign-up rules', async ({ page, request }) => {
      const account = await createAccount(request, uniqueEmail(`password-${name}`));
      try {
        await signInBrowser(page, account);
        await page.goto('/profile');
        const card = page.getByRole('form', { name: 'Change password' });
        await expect(card).toBeVisible();
        await expectNoSeriousA11yViolations(page, { label: `/profile at ${viewport.width} px` });

        // The sign-up rules, before anything is sent.
        await card.getByLabel('Current Password').fill(account.password);
        await card.getByLabel('New Password', { exact: true }).fill('short');
        await card.getByLabel('Confirm New Password').fill('short');
        await card.getByRole('button', { name: 'Change password' }).click();
        await expect(card.getByText('at least 10 characters', { exact: false }).first()).toBeVisible();

        // A wrong current password is refused by the server, on its field.
        await card.getByLabel('Current Password').fill('not-my-password-1');
        await card.getByLabel('New Password', { exact: true }).fill('a brand new passphrase');
        await card.getByLabel('Confirm New Password').fill('a brand new passphrase');
        await card.getByRole('button', { name: 'Change password' }).click();
        await expect(card.getByText('Your current password is not right.')).toBeVisible();
        await expectNoSeriousA11yViolations(page, { label: `/profile change password errors at ${viewport.width} px` });

        await card.getByLabel('Current Password').fill(account.password);
        await card.getByRole('button', { name: 'Change password' }).click();
        await expect(toast(page, 'Password changed.')).toBeVisible();
        await expect(card.getByLabel('Current Password')).toHaveValue('');
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        // The new password signs in; the old one does not.
        const signIn = (password: string) =>
          request.post('/api/auth/sign-in/email', { headers: { origin: appUrl }, data: { email: account.email, password } });
        expect((await signIn(account.password)).status()).toBe(401);
        expect((await signIn('a brand new passphrase')).ok()).toBe(true);
      } finally {
        await deleteAccount(account.userId);
      }
    });

    test('the admin pages have their own navigation; /api/docs links back to the app', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expect(nav.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
      await nav.getByRole('link', { name: 'Subscribers' }).click();
      await expect(page).toHaveURL(/\/admin\/subscribers$/);
      await expect(nav.getByRole('link', { name: 'Subscribers' })).toHaveAttribute('aria-current', 'page');
      await expectNoSeriousA11yViolations(page, { label: `/admin/subscribers with the admin navigation at ${viewport.width} px` });
      await nav.getByRole('link', { name: 'Sources' }).click();
      await expect(page).toHaveURL(/\/admin\/sources$/);
      await nav.getByRole('link', { name: 'Leads' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto('/api/docs');
      const back = page.getByRole('navigation', { name: 'Back to the app' });
      await expect(back.getByRole('link', { name: 'API keys' })).toBeVisible();
      await back.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/api/docs');
      await page.getByRole('link', { name: 'Fundwire', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('a search saved as the last 7 days opens as the rolling 7 days, and amount boxes say what they understood', async ({ subscriber }) => {
      const { page } = subscriber;
      await page.setViewportSize(viewport);
      const tag = `r7${name}${Date.now().toString(36)}`;
      const created = await page.request.post('/api/saved-searches', {
        headers: { origin: appUrl },
        data: { name: `${tag} week`, filter: { q: tag, lastDays: 7 }, alerts: { email: 'off' } },
      });
      expect(created.ok(), await created.text()).toBe(true);
      await page.goto('/searches');
      await page.getByRole('button', { name: `Open ${tag} week` }).click();
      await expect(page).toHaveURL(/\/historical\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('range')).toBe('7d');
      expect(url.searchParams.has('dateStart')).toBe(false);

      // Amounts: dollars with the same shorthand everywhere, and what was understood, at once.
      if (viewport.width < 640) await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByLabel('Date range')).toHaveValue('7d');
      await page.getByLabel('Minimum amount').fill('750k');
      await page.getByLabel('Maximum amount').fill('5M');
      await expect(page.getByText('Understood as $750,000 to $5,000,000.')).toBeVisible();
      await expect(page).toHaveURL(/minFunding=750000/);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, { label: `/historical opened from a saved search at ${viewport.width} px` });
    });

    test('public copy: no made-up subscriber count, real-time only for alerts, the upsell names our plans', async ({ page }) => {
      await page.goto('/');
      const highlights = page.getByRole('list', { name: 'Highlights' });
      await expect(highlights).not.toContainText(/subscribers/i);
      await expect(page.locator('main')).not.toContainText(/\d+\+ subscribers/i);
      const realTime = page.getByText(/real-time/i);
      for (const text of await realTime.allTextContents()) expect(text.toLowerCase()).toContain('alert');
      await expectNoSeriousA11yViolations(page, { label: `/ at ${viewport.width} px` });

      await page.goto('/free-leads');
      const upsell = page.getByTestId('free-leads-upsell');
      await expect(upsell.getByRole('link', { name: 'See the Monthly and Annual plans' })).toBeVisible();
      await expect(upsell).not.toContainText(/\bPro\b/);
      await expectNoSeriousA11yViolations(page, { label: `/free-leads at ${viewport.width} px` });
    });
  });
}
