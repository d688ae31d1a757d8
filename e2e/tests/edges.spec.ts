// Issue 17's rough edges, as a browser sees them: the lead dialog's fixed Save/Cancel bar, Inter at first
// paint on app pages, a quick error after a 500, no Retry where retrying cannot help, locked header items,
// the Admin menu item, toasts clear of the user menu, the reset address, absolute lead dates, and the
// Monthly to Annual switch.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { createAccount, expect, signInBrowser, test, uniqueEmail } from '../support/fixtures.js';
import { fetchMe, signInAsAdmin, subscribeViaTestCheckout, toast } from '../support/more-fixtures.js';

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The font Chromium actually drew this element's text with (DevTools protocol), not what the CSS asks for. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
  await session.detach();
  return fonts.map((font) => font.familyName);
}

test.describe('issue 17: rough edges', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`Add Lead at ${viewport.width} px: no field is hidden under the Save/Cancel bar`, async ({ page }) => {
      // The first admin test of a run signs the admin up and verifies the address; axe then reads the dialog.
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Add Lead' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
      await expect(dialog).toBeVisible();
      // Two contacts make the form longer than the screen.
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      const fields = dialog.getByTestId('lead-form-fields');
      await fields.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const footer = dialog.locator('[data-slot="dialog-footer"]');
      const last = dialog.getByRole('button', { name: 'Add Contact' });
      await expect(last).toBeInViewport();
      const footerBox = (await footer.boundingBox())!;
      const lastBox = (await last.boundingBox())!;
      const fieldsBox = (await fields.boundingBox())!;
      expect(lastBox.y + lastBox.height, 'the last control ends above the bar').toBeLessThanOrEqual(footerBox.y);
      expect(fieldsBox.y + fieldsBox.height, 'the scrolling part ends where the bar begins').toBeLessThanOrEqual(footerBox.y + 0.5);
      const dialogBox = (await dialog.boundingBox())!;
      expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height + 0.5);
      await expect(dialog.getByRole('button', { name: 'Save Lead' })).toBeInViewport();
      await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]', label: `Add Lead dialog at ${viewport.width} px` });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    });
  }

  for (const path of ['/admin', '/newsletter/confirm?token=not-a-real-token']) {
    test(`${path} opened first in a fresh browser draws its text in Inter`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(path);
      const heading = page.getByRole('main').getByRole('heading').first();
      await expect(heading).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.locator('link[rel="preload"][as="font"]').count(), 'the app shell preloads Inter').toBe(1);
      // With font-display: optional a late font is never swapped in: what drew the heading is what the page keeps.
      expect(await renderedFonts(page, 'main h1, main h2')).toContain('Inter');
      await context.close();
    });
  }

  test('a 500 from /api/leads shows the error within 1.5 s (one quick retry, no more)', async ({ subscriber: { page } }) => {
    let firstCall = 0;
    let calls = 0;
    await page.route(
      (url) => url.pathname === '/api/leads',
      async (route) => {
        calls += 1;
        if (!firstCall) firstCall = Date.now();
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database exploded' }) });
      },
    );
    await page.goto('/dashboard');
    const error = page.getByText('Error loading leads: Database exploded');
    await expect(error).toBeVisible({ timeout: 10_000 });
    const shownAfter = Date.now() - firstCall;
    expect(firstCall).toBeGreaterThan(0);
    expect(shownAfter, 'error shown within 1.5 s of the first request').toBeLessThan(1_500);
    expect(calls, 'the first try and one retry').toBe(2);
  });

  test('a 400 from /api/leads is not retried', async ({ subscriber: { page } }) => {
    let calls = 0;
    await page.route(
      (url) => url.pathname === '/api/leads',
      async (route) => {
        calls += 1;
        await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Bad filter' }) });
      },
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Error loading leads: Bad filter')).toBeVisible({ timeout: 10_000 });
    expect(calls).toBe(1);
  });

  test('an invalid newsletter link shows no Retry button', async ({ page }) => {
    await page.goto('/newsletter/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'We could not confirm your subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: /retry/i })).toHaveCount(0);
  });

  test('a signed-in user without a subscription sees Recent and Historical locked, leading to /pricing', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('locked'));
    await signInBrowser(page, account);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/profile');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    const recent = nav.getByRole('link', { name: /^Recent\s*, locked\. Subscribe to unlock$/ });
    const historical = nav.getByRole('link', { name: /^Historical\s*, locked\. Subscribe to unlock$/ });
    await expect(recent).toBeVisible();
    await expect(historical).toBeVisible();
    await expect(recent).toHaveAttribute('href', '/pricing');
    await expect(recent).toHaveAttribute('title', 'Recent is locked. Subscribe to unlock.');
    await expect(nav.getByRole('link', { name: /^Searches\s*, locked\. Subscribe to unlock$/ })).toHaveAttribute('href', '/pricing');
    await expectNoSeriousA11yViolations(page, { label: 'locked header' });
    await historical.click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();

    // On a phone the menu says why, in words.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByRole('button', { name: 'Menu' }).click();
    const mobileRecent = page.locator('#mobile-menu').getByRole('link', { name: /^Recent\s*, locked/ });
    await expect(mobileRecent).toBeVisible();
    await expect(mobileRecent).toContainText('Subscribe to unlock');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a subscriber sees Recent and Historical unlocked', async ({ subscriber: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/profile');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await expect(nav.getByRole('link', { name: 'Recent', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Searches', exact: true })).toHaveAttribute('href', '/searches');
    await expect(nav.getByRole('link', { name: /locked/ })).toHaveCount(0);
  });

  test('the admin finds Admin in the user menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const admin = await signInAsAdmin(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: `Account menu for ${admin.email}` }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a user who is not the admin has no Admin item', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = await createAccount(request, uniqueEmail('not-admin'));
    await signInBrowser(page, account);
    await page.goto('/profile');
    await page.getByRole('button', { name: `Account menu for ${account.email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  });

  test('the reset confirmation breaks a long address only before its @ or a dot (or after a hyphen)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const email = `someone.with-a-rather-long-mailbox-name-${Date.now()}@engineering.subdomain.example-company.com`;
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    const address = page.getByTestId('reset-email-address');
    await expect(address).toHaveText(email);
    const breaksBefore = await address.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const tops: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let offset = 0; offset < (node.textContent ?? '').length; offset++) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          tops.push({ char: node.textContent![offset]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      return tops.flatMap((entry, index) => (index > 0 && entry.top > tops[index - 1]!.top ? [`${tops[index - 1]!.char}${entry.char}`] : []));
    });
    expect(breaksBefore.length, 'the address is long enough to wrap at 375 px').toBeGreaterThan(0);
    // Each line break comes before an @ or a dot, or after a hyphen: never inside a run of letters.
    for (const pair of breaksBefore) expect(pair, `a break between "${pair[0]}" and "${pair[1]}"`).toMatch(/^.[@.]$|^-.$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('lead dates read "Nov 20, 2026", with the relative form as tooltip', async ({ subscriber: { page } }) => {
    await page.goto('/historical');
    const date = page.getByRole('main').locator('time[datetime][title]').first();
    await expect(date).toBeVisible({ timeout: 15_000 });
    await expect(date).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const iso = await date.getAttribute('datetime');
    // The relative form, whichever side of today the round falls on (other tests may add a round dated ahead).
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await expect(date).toHaveAttribute('title', iso! > today ? /^(tomorrow|in .+)$/ : iso === today ? /^today$/ : /^(yesterday|.+ ago)$/);
    const expected = await page.evaluate((value) => {
      const [year, month, day] = value!.split('-').map(Number);
      return new Date(year!, month! - 1, day!).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    }, iso);
    await expect(date).toHaveText(expected);
  });

  test('a Monthly subscriber on trial switches to Annual from /pricing; the toast keeps clear of the user menu', async ({ browser, request }) => {
    const account = await createAccount(request, uniqueEmail('switcher'));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInBrowser(page, account);
    await subscribeViaTestCheckout(page.request, 'monthly');
    await page.goto('/pricing');
    await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toContainText(/Monthly plan: free trial until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    const annual = page.locator('[data-plan="annual"]');
    const monthly = page.locator('[data-plan="monthly"]');
    await expect(monthly).toContainText('Current plan');
    await annual.getByRole('button', { name: 'Switch to Annual' }).click();
    const done = toast(page, 'You are now on the Annual plan.');
    await expect(done).toBeVisible();
    await expect(annual).toContainText('Current plan');
    await expect(monthly.getByRole('button', { name: 'Switch to Monthly' })).toBeVisible();
    const me = await fetchMe(page.request);
    expect(me.subscription).toMatchObject({ plan: 'annual', status: 'trialing' });

    const toastBox = (await done.boundingBox())!;
    const menuBox = (await page.getByRole('button', { name: `Account menu for ${account.email}` }).boundingBox())!;
    expect(overlaps(toastBox, menuBox), 'the toast does not cover the user menu').toBe(false);
    await context.close();
  });
});
