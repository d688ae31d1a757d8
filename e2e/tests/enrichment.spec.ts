// Leads a rep can act on (issue 31), as a subscriber sees them: the company's website with where it came from, each
// email with its status badge (and what it means on focus), a copy button that puts the address on the clipboard,
// "Find on LinkedIn" searches for the company and each person, the "Verified email only" filter in the URL, and a
// bounce report that hides the address from subscribers at once while the admin still sees it, bounced, and can undo
// it. /admin/sources shows the coverage. At 1280 and 375 px, with axe.
//
// The leads are written straight into the e2e database, their enrichment (a website from the company's SEC record, a
// verified and an unverified email) set there as the enrichment jobs would leave it: the e2e server has no provider key.
import type { LeadContact, SourcesResponse } from '@fundwire/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, expect as baseExpect, fetchAllLeads, test, type NewLead } from '../support/fixtures.js';
import { signInAsAdmin, sql, toast } from '../support/more-fixtures.js';

const expect = baseExpect.configure({ timeout: 10_000 });
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COMPANY = `Verifywire Analytics ${run}`;
const DOMAIN = `verifywire-${run}.example.com`;
const OTHER = `Plainwire Labs ${run}`;
const robin = { name: 'Robin Verified', role: 'CEO', email: `robin@${DOMAIN}`, linkedIn: '' };
const sam = { name: 'Sam Unverified', role: 'CTO', email: `sam@${DOMAIN}`, linkedIn: '' };
const pat = { name: 'Pat Plain', role: 'CEO', email: `pat@plainwire-${run}.example.com`, linkedIn: '' };

function lead(companyName: string, domain: string, contacts: NewLead['contacts']): NewLead {
  return {
    companyName,
    domain,
    industry: 'SaaS',
    fundingAmount: 3_000_000,
    fundingRound: 'Seed',
    location: 'San Francisco, CA',
    fundingDate: '2024-05-02',
    description: 'Seeded by the enrichment e2e test.',
    contacts,
  };
}

/** The enrichment the jobs would have left: a website from the SEC record, Robin verified, Sam and Pat unverified. */
async function enrich(ids: string[]): Promise<void> {
  await sql(`update leads set domain_source = 'sec', domain_found_at = now() where id = any($1::uuid[])`, [ids]);
  await sql(`update contacts set email_status = 'verified', email_source = 'provider', email_checked_at = now() where email = $1`, [robin.email]);
  await sql(`update contacts set email_status = 'unverified', email_source = 'import' where email = any($1::text[])`, [[sam.email, pat.email]]);
  await sql(`insert into app_meta (key, value) values ('leads_version', '1')
    on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()`);
}

async function seed(seedLeads: (leads: NewLead[]) => Promise<string[]>): Promise<void> {
  await enrich(await seedLeads([lead(COMPANY, DOMAIN, [robin, sam]), lead(OTHER, `plainwire-${run}.example.com`, [pat])]));
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

function card(page: Page, name = COMPANY): Locator {
  return page.getByRole('article', { name, exact: true });
}

async function openContacts(page: Page): Promise<Locator> {
  await card(page).getByRole('button', { name: 'View Details (2)' }).click();
  const dialog = page.getByRole('dialog', { name: COMPANY, exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}

function row(dialog: Locator, name: string): Locator {
  return dialog.getByTestId('contact').filter({ hasText: name });
}

const peopleSearch = (name: string) => `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(`${name} ${COMPANY}`)}`;
const companySearch = `https://www.linkedin.com/search/results/companies/?keywords=${encodeURIComponent(COMPANY)}`;

/** A contact of the seeded lead, as the API gives it to the signed-in `page`. */
async function contactOf(page: Page, name: string): Promise<LeadContact | undefined> {
  const [found] = await fetchAllLeads(page.request, { q: COMPANY });
  return found?.contacts.find((contact) => contact.name === name);
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

test.describe('enrichment on screen', () => {
  // Two browser contexts, axe at two widths and a shared 2-core machine: more than the default 30 s.
  test.setTimeout(90_000);

  test('a subscriber sees the website, the email badges, copies an email and finds people on LinkedIn', async ({ subscriber: { page }, seedLeads }) => {
    await seed(seedLeads);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
    const [apiLead] = await fetchAllLeads(page.request, { q: COMPANY });
    expect(apiLead?.domainSource).toBe('sec');
    expect(apiLead?.contacts.map((contact) => [contact.name, contact.emailStatus, contact.emailSource])).toEqual([
      [robin.name, 'verified', 'provider'],
      [sam.name, 'unverified', 'import'],
    ]);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/historical?q=${encodeURIComponent(COMPANY)}`);
      const website = card(page).getByTestId('lead-domain');
      await expect(website).toHaveAttribute('href', `https://${DOMAIN}/`);
      await expect(website).toHaveAttribute('target', '_blank');
      await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(card(page).getByTestId('domain-source')).toHaveText("from the company's SEC record");
      await expect(card(page).getByRole('link', { name: /^Find on LinkedIn/ })).toHaveAttribute('href', companySearch);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      const dialog = await openContacts(page);
      const robinRow = row(dialog, robin.name);
      const samRow = row(dialog, sam.name);
      await expect(robinRow.getByTestId('email-status')).toHaveText('Verified');
      await expect(samRow.getByTestId('email-status')).toHaveText('Unverified');
      await expect(robinRow.getByRole('link', { name: robin.email, exact: true })).toHaveAttribute('href', `mailto:${robin.email}`);
      await expect(robinRow.getByTestId('email-source')).toHaveText('Found by provider');

      // The badge is a button: keyboard focus shows what the status means.
      await robinRow.getByRole('link', { name: robin.email, exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(robinRow.getByRole('button', { name: 'Email status: Verified' })).toBeFocused();
      await expect(page.getByRole('tooltip')).toContainText('this address accepts mail');

      // Copy puts the address on the clipboard and says so.
      await robinRow.getByRole('button', { name: `Copy email ${robin.email}` }).click();
      await expect(robinRow.getByTestId('copy-status')).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(robin.email);

      // LinkedIn's own people search with the name and the company; not followed (no internet in tests).
      const find = robinRow.getByRole('link', { name: /^Find on LinkedIn/ });
      await expect(find).toHaveAttribute('href', peopleSearch(robin.name));
      await expect(find).toHaveAttribute('target', '_blank');
      await expect(find).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(samRow.getByRole('link', { name: /^Find on LinkedIn/ })).toHaveAttribute('href', peopleSearch(sam.name));
      await expect(dialog.getByTestId('linkedin-company-search')).toHaveAttribute('href', companySearch);

      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, { label: `contacts with email statuses (${width} px)` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('"Verified email only" goes in the URL, keeps only leads with a verified email, and survives a reload', async ({ subscriber: { page }, seedLeads }) => {
    await seed(seedLeads);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/historical?q=${encodeURIComponent(run)}`);
    await expect(card(page)).toBeVisible();
    await expect(card(page, OTHER)).toBeVisible();

    // The box follows the URL, which the click updates: click, then wait for the checked state.
    await page.getByRole('checkbox', { name: 'Verified email only' }).click();
    await expect(page.getByRole('checkbox', { name: 'Verified email only' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]emailStatus=verified(&|$)/);
    await expect(card(page, OTHER)).toHaveCount(0);
    await expect(card(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Verified email only' })).toBeVisible();
    expect((await fetchAllLeads(page.request, { q: run, emailStatus: 'verified' })).map((found) => found.companyName)).toEqual([COMPANY]);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Verified email only' })).toBeChecked();
    await expect(card(page, OTHER)).toHaveCount(0);
    await expect(card(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/historical with Verified email only' });

    await page.getByRole('button', { name: 'Remove filter Verified email only' }).click();
    await expect(page).not.toHaveURL(/emailStatus=/);
    await expect(card(page, OTHER)).toBeVisible();
  });

  test('a reported bounce hides the address from subscribers at once; the admin sees it bounced and undoes it', async ({
    subscriber: { page },
    seedLeads,
    browser,
  }) => {
    await seed(seedLeads);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/historical?q=${encodeURIComponent(COMPANY)}`);
    let dialog = await openContacts(page);

    // Cancel changes nothing.
    await row(dialog, sam.name).getByRole('button', { name: `Report bounce for ${sam.email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Report a bounce?' });
    await expect(confirm).toContainText(sam.email);
    await expectNoSeriousA11yViolations(page, { label: 'report bounce dialog (375 px)' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await contactOf(page, sam.name))?.emailStatus).toBe('unverified');

    await row(dialog, sam.name).getByRole('button', { name: `Report bounce for ${sam.email}` }).click();
    const answer = page.waitForResponse((response) => /\/api\/contacts\/[0-9a-f-]+\/bounce$/.test(response.url()));
    await confirm.getByRole('button', { name: 'Report bounce' }).click();
    expect((await answer).status()).toBe(200);
    await expect(toast(page, `Reported ${sam.email} as bounced`)).toBeVisible();
    await expect(row(dialog, sam.name).getByTestId('email-status')).toHaveText('Bounced');
    await expect(row(dialog, sam.name)).toContainText('Email bounced');
    await expect(row(dialog, sam.name)).not.toContainText(sam.email);
    await expect(row(dialog, sam.name).getByRole('button', { name: /^Report bounce/ })).toHaveCount(0);
    await expect(row(dialog, robin.name).getByTestId('email-status')).toHaveText('Verified');
    const bounced = await contactOf(page, sam.name);
    expect(bounced).toMatchObject({ email: null, emailStatus: 'bounced' });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The admin still sees the address, marked Bounced, and can undo the report.
    const admin = await adminPage(browser);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto(`/historical?q=${encodeURIComponent(COMPANY)}`);
    dialog = await openContacts(admin);
    const samRow = row(dialog, sam.name);
    await expect(samRow.getByTestId('email-status')).toHaveText('Bounced');
    await expect(samRow).toContainText(sam.email);
    await expect(samRow.getByRole('link', { name: sam.email })).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin, { label: 'bounced contact, admin view' });
    await samRow.getByRole('button', { name: `Undo bounce for ${sam.email}` }).click();
    await expect(samRow.getByTestId('email-status')).toHaveText('Unverified');
    await expect(samRow.getByRole('button', { name: `Report bounce for ${sam.email}` })).toBeVisible();
    expect((await contactOf(page, sam.name))?.email).toBe(sam.email);
    await admin.context().close();
  });

  test('/admin/sources shows websites and emails by source, the provider budget and its errors', async ({ page, seedLeads }) => {
    await seed(seedLeads);
    await signInAsAdmin(page);
    const response = await page.request.get(`${appUrl}/api/admin/sources`);
    expect(response.ok(), await response.text()).toBe(true);
    const { enrichment } = (await response.json()) as SourcesResponse;
    expect(enrichment.providerEnabled, 'the e2e server has no HUNTER_API_KEY').toBe(false);
    expect(enrichment.coverage.length).toBeGreaterThan(0);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/sources');
      const region = page.getByRole('region', { name: 'Websites and emails' });
      await expect(region).toBeVisible();
      await expect(region.getByTestId('provider-enabled')).toHaveText('Provider off');
      await expect(region.getByTestId('provider-budget')).toHaveText(`${enrichment.requestsToday} of ${enrichment.dailyLimit.toLocaleString('en-US')} provider requests today`);
      const rows = region.getByTestId('coverage-row');
      await expect(rows).toHaveCount(enrichment.coverage.length);
      for (const entry of enrichment.coverage) {
        const line = region.locator(`[data-testid="coverage-row"][data-source="${entry.source}"]`);
        await expect(line.getByTestId('coverage-website')).toContainText(`(${entry.withWebsite.toLocaleString('en-US')})`);
        await expect(line.getByTestId('coverage-verified')).toContainText(`(${entry.withVerifiedEmail.toLocaleString('en-US')})`);
      }
      if (enrichment.lastErrors.length === 0) await expect(region.getByTestId('provider-no-errors')).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, { label: `/admin/sources enrichment (${width} px)` });
    }
  });
});
