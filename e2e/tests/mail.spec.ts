// Newsletter and alert mail in the browser: double opt-in from the mailed link, the admin's Email
// Subscribers screen and Send Weekly Email, the one-click unsubscribe page, and alert frequency on /profile.
import type { Page } from '@playwright/test';
import { expect as baseExpect, appUrl, insertLeads, test, uniqueEmail, waitForMail } from '../support/fixtures.js';
import { signInAsAdmin, sql, toast } from '../support/more-fixtures.js';

const expect = baseExpect.configure({ timeout: 10_000 });

function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/[^\s<>"')\]]+/g)?.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in mail: ${text.slice(0, 300)}`);
  return link;
}

async function openSubscribers(page: Page) {
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Subscribers' })).toBeVisible();
}

test.describe('newsletter and alerts', () => {
  test('confirm by mail, listed for the admin, Send Weekly Email once, then one-click unsubscribe', async ({ page, request }) => {
    await sql('delete from mail_editions');
    await sql('delete from newsletter_subscribers');
    const company = `Weeklymail ${Date.now().toString(36)}`;
    await insertLeads([
      {
        companyName: company,
        domain: `${company.toLowerCase().replace(/\s+/g, '-')}.example.com`,
        industry: 'AI',
        // The newsletter lists the 15 largest new rounds; earlier specs import ~1,000 real ones, so this
        // one must outrank them all to be listed.
        fundingAmount: 72_500_000_000,
        fundingRound: 'Series A',
        location: 'Austin, TX',
        fundingDate: new Date().toISOString().slice(0, 10),
        description: 'Weekly mail e2e lead.',
        contacts: [{ name: 'Hidden Person', role: 'CEO', email: 'hidden.person@example.com', linkedIn: '' }],
      },
    ]);

    await signInAsAdmin(page);
    await openSubscribers(page);
    await expect(page.getByText('No subscribers found')).toBeVisible();
    await expect(page.getByTestId('stat-total')).toHaveText('0');
    // A Monday 9:00 AM in the schedule's zone; "Due now" only in the day after a Monday 09:00 whose send has not run.
    await expect(page.getByTestId('stat-next-send')).toHaveText(/^(Mon, [A-Z][a-z]{2} \d{1,2}, 9:00 AM E[SD]T|Due now)$/);

    const email = uniqueEmail('reader');
    const subscribed = await request.post(`${appUrl}/api/subscribe-email`, { data: { email } });
    expect(subscribed.ok()).toBe(true);
    const confirmation = await waitForMail(request, email);
    expect(confirmation.subject).toBe('Confirm your Fundwire newsletter subscription');
    await page.goto(linkIn(confirmation.text, '/newsletter/confirm?token='));
    await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await openSubscribers(page);
    const row = page.getByTestId('subscriber-list').getByRole('listitem').filter({ hasText: email });
    await expect(row).toBeVisible();
    for (const badge of ['Weekly Leads', 'Product Updates', 'Active']) await expect(row.getByText(badge, { exact: true })).toBeVisible();
    await expect(row.getByText('Marketing', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('stat-total')).toHaveText('1');
    // The stat is formatted ("1,024"): drop the separators before reading it as a number.
    const weeklyLeads = Number((await page.getByTestId('stat-weekly-leads').textContent())?.replace(/,/g, ''));
    expect(weeklyLeads).toBeGreaterThanOrEqual(1);

    // Slow the call down a little so the busy label can be seen.
    await page.route('**/api/send-weekly-email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Weekly Email' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(toast(page, 'Weekly email sent successfully to 1 subscriber')).toBeVisible();
    await expect(toast(page, 'Weekly email sent successfully to 1 subscriber')).not.toContainText('1 subscribers');
    await expect(page.getByRole('button', { name: 'Send Weekly Email' })).toBeEnabled();

    const digest = await waitForMail(request, email);
    expect(digest.subject).toMatch(/^This week on Fundwire: \d+ new funding rounds?$/);
    expect(digest.text).toContain(company);
    expect(digest.text).toContain('$72,500,000,000');
    expect(digest.text).not.toContain('hidden.person@example.com');

    await page.getByRole('button', { name: 'Send Weekly Email' }).click();
    await expect(toast(page, "This week's email already went out to 1 subscriber.")).toBeVisible();

    // The link in the mail unsubscribes in one click and offers the way back.
    await page.goto(linkIn(digest.text, '/unsubscribe?token='));
    await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
    await page.getByRole('link', { name: 'Changed your mind? Manage preferences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email preferences' })).toBeVisible();
    await expect(page.getByText('unsubscribed', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Weekly Leads/ })).toBeVisible();

    await openSubscribers(page);
    await expect(page.getByText('No subscribers found')).toBeVisible();
  });

  test('the admin pages through subscribers and searches them, both kept in the URL', async ({ page }) => {
    const tag = `pg${Date.now().toString(36)}`;
    // 60 addresses, confirmed a minute apart: newest first is 059 down to 000.
    await sql(
      `insert into newsletter_subscribers (email, status, confirmed_at)
       select format('%s-%s@paging.example', $1::text, lpad(i::text, 3, '0')), 'active', now() - make_interval(mins => 60 - i) from generate_series(0, 59) as i`,
      [tag],
    );
    await signInAsAdmin(page);
    await page.goto(`/admin/subscribers`);
    await page.getByLabel('Search subscribers').fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    const list = page.getByTestId('subscriber-list').getByRole('listitem');
    await expect(page.getByTestId('subscriber-range')).toHaveText('1–50 of 60');
    await expect(list).toHaveCount(50);
    await expect(list.first()).toContainText(`${tag}-059@paging.example`);
    await page.getByRole('navigation', { name: 'Subscriber pages' }).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('subscriber-range')).toHaveText('51–60 of 60');
    await expect(list).toHaveCount(10);
    await expect(list.last()).toContainText(`${tag}-000@paging.example`);
    // A reload keeps the page and the search.
    await page.reload();
    await expect(page.getByLabel('Search subscribers')).toHaveValue(tag);
    await expect(list.first()).toContainText(`${tag}-009@paging.example`);
    // A narrower search starts again at page 1; one that matches nothing says so and offers to clear it.
    await page.getByLabel('Search subscribers').fill(`${tag}-042`);
    await expect(list).toHaveCount(1);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByTestId('subscriber-range')).toHaveText('1 match');
    await page.getByLabel('Search subscribers').fill(`${tag}-nobody`);
    await expect(page.getByText('No subscribers match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByLabel('Search subscribers')).toHaveValue('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(list.first()).toBeVisible();
  });

  test('a forged or missing mail link says so instead of breaking', async ({ page }) => {
    await page.goto('/unsubscribe?token=forged.token');
    await expect(page.getByRole('alert')).toContainText('This link is not valid or has expired');
    await page.goto('/newsletter/confirm');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
  });

  test('a subscriber chooses daily alerts on /profile, and the choice is kept', async ({ subscriber: { page } }) => {
    await page.goto('/profile');
    const group = page.getByRole('radiogroup', { name: 'Alert emails' });
    await expect(group.getByRole('radio', { name: /Weekly/ })).toBeChecked();
    await expect(page.getByTestId('alert-next-send')).toContainText(/Next alert: Mon, .* 9:00 AM/);
    await group.getByRole('radio', { name: /Daily/ }).click();
    await expect(toast(page, 'Alert emails: daily')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Alert emails' }).getByRole('radio', { name: /Daily/ })).toBeChecked();
    await expect(page.getByTestId('alert-next-send')).toContainText('9:00 AM');
  });
});

