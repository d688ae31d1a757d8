// The subscriber's lead screens (Recent and Historical) against the real API: what the cards, filters,
// dialogs, summary and CSV export show is compared with what GET /api/leads answers for the same filter.
import { readFile } from 'node:fs/promises';
import { CSV_COLUMNS } from '@fundwire/shared';
import { parse } from 'csv-parse/sync';
import type { Locator, Page, Request } from '@playwright/test';
import {
  appUrl,
  createAccount,
  expect,
  fetchAllLeads,
  fetchLeadPage,
  grantSubscription,
  insertLeads,
  localDay,
  signInBrowser,
  test,
  type ApiLead,
  type LeadFilterParams,
  type NewLead,
} from '../support/fixtures.js';

/** RFC 4180 text back into rows, as a spreadsheet would read it. */
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

const PAGE_SIZE = 20;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');
/** The list's count as the app words it: exact up to 1,000, "about" for an estimate, "more than" for a lower bound (the archive outgrows that once the
 * sample is imported). */
const countText = (page: { totalCount: number; countIsExact: boolean; countIsLowerBound: boolean }) =>
  `${page.countIsExact ? '' : page.countIsLowerBound ? 'more than ' : 'about '}${count.format(page.totalCount)}`;

async function signInSubscriber(page: Page, request: Parameters<typeof createAccount>[0]): Promise<void> {
  const account = await createAccount(request);
  await grantSubscription(account.userId);
  await signInBrowser(page, account);
}

function cardNames(page: Page): Locator {
  return page.getByTestId('lead-card').locator('h3');
}

function names(leads: Pick<ApiLead, 'companyName'>[]): string[] {
  return leads.map((lead) => lead.companyName);
}

function isLeadList(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/leads';
}

/** The filter part (no page or limit) of a GET /api/leads the page sent. */
function filterOf(request: Request): LeadFilterParams {
  const params = Object.fromEntries(new URL(request.url()).searchParams);
  delete params.page;
  delete params.cursor;
  delete params.limit;
  return params;
}

/** The first day of a window reaching `months` back from today, as date-fns' subMonths counts (month ends clamp). */
function monthsBefore(today: Date, months: number): Date {
  const target = new Date(today.getFullYear(), today.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(today.getDate(), lastDay));
}

/** Ticks (or unticks) an industry in the Industry popover, then closes it. */
async function toggleIndustry(page: Page, industry: string): Promise<void> {
  await page.getByRole('button', { name: /^Industry/ }).click();
  const popover = page.getByRole('dialog', { name: 'Industries' });
  await popover.getByRole('checkbox', { name: industry, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
}

async function expectContactsDialog(page: Page, card: Locator, lead: ApiLead, actionLabel: string): Promise<void> {
  await card.getByRole('button', { name: `${actionLabel} (${lead.contacts.length})` }).click();
  const dialog = page.getByRole('dialog', { name: lead.companyName, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Key stakeholders and contact information');
  const rows = dialog.getByTestId('contact');
  await expect(rows).toHaveCount(lead.contacts.length);
  for (const [index, contact] of lead.contacts.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(contact.name);
    await expect(row).toContainText(contact.role);
    if (contact.email === null) {
      await expect(row.getByRole('link', { name: /@/ })).toHaveCount(0);
      await expect(row).toContainText('No email listed');
      continue;
    }
    await expect(row.getByRole('link', { name: contact.email, exact: true })).toHaveAttribute('href', `mailto:${contact.email}`);
    const linkedIn = row.getByRole('link', { name: /^LinkedIn/ });
    await expect(linkedIn).toHaveAttribute('href', contact.linkedIn);
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('dashboard', () => {
  test('shows the last 7 days from the API, the summary, Load More and the contacts dialog', async ({ page, request }) => {
    await signInSubscriber(page, request);
    const firstRequest = page.waitForRequest(isLeadList);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Recent Leads', level: 1 })).toBeVisible();
    await expect(page.getByText('Last 7 days', { exact: true })).toBeVisible();

    // The dashboard asks for the 7 days ending today (local time), 20 at a time.
    const sent = new URL((await firstRequest).url()).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ limit: String(PAGE_SIZE), dateStart: localDay(new Date(), 6) });
    const filter = { dateStart: localDay(new Date(), 6) };
    const first = await fetchLeadPage(page.request, filter, 1);
    expect(first.totalCount).toBeGreaterThan(PAGE_SIZE); // the demo data has more than a page this week
    for (const lead of first.leads) expect(lead.fundingDate >= filter.dateStart).toBe(true);
    await expect(cardNames(page)).toHaveText(names(first.leads));
    await expect(page.getByTestId('lead-count')).toHaveText(`Showing ${PAGE_SIZE} of ${count.format(first.totalCount)} leads`);

    // Each card shows the lead's facts.
    const lead = first.leads[0]!;
    const card = page.getByRole('article', { name: lead.companyName, exact: true });
    await expect(card.getByTestId('lead-amount')).toHaveText(lead.fundingAmount === null ? 'Undisclosed' : money.format(lead.fundingAmount));
    await expect(card.getByTestId('industry-badge')).toHaveText(lead.industry ?? 'Unknown');
    await expect(card.getByTestId('lead-domain')).toHaveAttribute('href', `https://${lead.domain}/`);
    await expect(card.locator('time')).toHaveAttribute('datetime', lead.fundingDate);

    // Database Summary: the stats endpoint's figures, formatted.
    const statsResponse = await page.request.get('/api/leads/stats');
    expect(statsResponse.ok()).toBe(true);
    const stats = (await statsResponse.json()) as { totalLeads: number; totalFunding: number; avgFunding: number; recentLeads: number; disclosedCount: number };
    const summary = page.getByRole('region', { name: 'Database Summary' });
    const figure = (label: string) => summary.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd`);
    // It says that it covers the whole database, not the filters.
    await expect(summary.getByTestId('summary-scope')).toHaveText('Every lead in the database, whatever the filters below.');
    await expect(figure('Total Leads')).toHaveText(count.format(stats.totalLeads));
    await expect(figure('Total Funding')).toHaveText(money.format(stats.totalFunding));
    await expect(figure('Avg Funding')).toHaveText(money.format(stats.avgFunding));
    await expect(figure('This Week')).toHaveText(count.format(stats.recentLeads));
    await expect(figure('Total Funding')).toHaveText(/^\$\d{1,3}(,\d{3})+$/);
    // Sums and means cover disclosed amounts only, and the summary says how many.
    await expect(summary.getByTestId('disclosed-count')).toHaveText(
      `Totals cover the ${count.format(stats.disclosedCount)} of ${count.format(stats.totalLeads)} rounds with a disclosed amount.`,
    );

    // Load More appends the next page (asked for by the first page's cursor), showing "Loading..." while it is on its way.
    const second = await fetchLeadPage(page.request, filter, 2);
    expect(first.nextCursor).not.toBeNull();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/leads' && url.searchParams.get('cursor') === first.nextCursor,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    const expected = Math.min(2 * PAGE_SIZE, first.totalCount);
    await expect(page.getByTestId('lead-card')).toHaveCount(expected);
    await expect(cardNames(page)).toHaveText(names([...first.leads, ...second.leads]));
    if (first.totalCount <= 2 * PAGE_SIZE) await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

    // View Contacts (n) lists every contact with a mailto and a LinkedIn link.
    await expectContactsDialog(page, card, lead, 'View Contacts');
    const fromSecondPage = second.leads[0]!;
    await expectContactsDialog(page, page.getByRole('article', { name: fromSecondPage.companyName, exact: true }), fromSecondPage, 'View Contacts');
  });

  test('filters by industry in the URL, and a reload keeps the filter', async ({ page, request }) => {
    await signInSubscriber(page, request);
    await page.goto('/dashboard');
    const dateStart = localDay(new Date(), 6);
    const all = await fetchLeadPage(page.request, { dateStart });
    await expect(cardNames(page)).toHaveText(names(all.leads));

    // An industry from this week's list, so the filtered list is not empty.
    const industry = all.leads.find((lead) => lead.industry !== null)!.industry!;
    const filtered = await fetchLeadPage(page.request, { dateStart, industry });
    expect(filtered.totalCount).toBeLessThan(all.totalCount);
    await toggleIndustry(page, industry);
    await expect(page).toHaveURL((url) => url.searchParams.get('industry') === industry);
    await expect(cardNames(page)).toHaveText(names(filtered.leads));
    await expect(page.getByTestId('industry-badge')).toHaveText(filtered.leads.map(() => industry));

    await page.reload();
    await expect(page.getByRole('button', { name: /^Industry/ })).toHaveText(industry);
    await expect(cardNames(page)).toHaveText(names(filtered.leads));

    await toggleIndustry(page, industry);
    await expect(page).toHaveURL((url) => !url.searchParams.has('industry'));
    await expect(cardNames(page)).toHaveText(names(all.leads));
  });

  test('searches the server after typing pauses, and shows the empty state when nothing matches', async ({ page, request }) => {
    await signInSubscriber(page, request);
    await page.goto('/dashboard');
    const dateStart = localDay(new Date(), 6);
    const all = await fetchLeadPage(page.request, { dateStart });
    await expect(cardNames(page)).toHaveText(names(all.leads));

    // Part of a company name from the last page of this week: the server must find it beyond the loaded 20.
    const lastPage = await fetchLeadPage(page.request, { dateStart }, Math.ceil(all.totalCount / PAGE_SIZE));
    const term = lastPage.leads.at(-1)!.companyName.slice(0, 6).toLowerCase();
    const matches = await fetchLeadPage(page.request, { dateStart, q: term });
    expect(matches.totalCount).toBeGreaterThan(0);

    const searchSent = page.waitForRequest((req) => isLeadList(req) && new URL(req.url()).searchParams.get('q') === term);
    await page.getByPlaceholder('Search companies...').fill(term);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
    expect(filterOf(await searchSent)).toEqual({ dateStart, q: term });
    await expect(cardNames(page)).toHaveText(names(matches.leads));

    await page.getByPlaceholder('Search companies...').fill('zzqx no such company');
    await expect(page.getByRole('heading', { name: 'No leads match these filters' })).toBeVisible();
    await expect(page.getByTestId('lead-card')).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'zzqx no such company');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
    await expect(page.getByPlaceholder('Search companies...')).toHaveValue('');
    await expect(cardNames(page)).toHaveText(names(all.leads));
  });

  test('shows the error with Retry when the leads call fails, and recovers', async ({ page, request }) => {
    await signInSubscriber(page, request);
    let failing = true;
    let failures = 0;
    await page.route(
      (url) => url.pathname === '/api/leads',
      async (route) => {
        if (!failing) return route.continue();
        failures++;
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database exploded' }) });
      },
    );
    await page.goto('/dashboard');
    const error = page.getByTestId('leads-error');
    await expect(error).toContainText('Error loading leads: Database exploded', { timeout: 15_000 });
    expect(failures).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('lead-card')).toHaveCount(0);

    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    const first = await fetchLeadPage(page.request, { dateStart: localDay(new Date(), 6) });
    await expect(cardNames(page)).toHaveText(names(first.leads));
    await expect(error).toHaveCount(0);
  });

  test('fits a 375 px screen, contacts dialog included', async ({ page, request }) => {
    await signInSubscriber(page, request);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('lead-card').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Database Summary' }).locator('dd').first()).not.toBeEmpty();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByTestId('lead-card').first().getByRole('button', { name: /^View Contacts/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test.describe('historical', () => {
  test('lists the archive, links the domain safely, opens details and loads more', async ({ page, request }) => {
    await signInSubscriber(page, request);
    const firstRequest = page.waitForRequest(isLeadList);
    await page.goto('/historical');
    await expect(page.getByRole('heading', { name: 'Historical Leads', level: 1 })).toBeVisible();
    expect(filterOf(await firstRequest)).toEqual({});
    await expect(page.getByLabel('Date range')).toHaveValue('all');
    await expect(page.getByLabel('Date range').locator('option')).toHaveText(['All Time', 'Last 7 Days', 'Last 30 Days', 'Last 90 Days', 'Last 6 Months', 'Last 1 Year', 'Custom range']);

    const first = await fetchLeadPage(page.request, {});
    await expect(cardNames(page)).toHaveText(names(first.leads));
    await expect(page.getByTestId('lead-count')).toHaveText(`Showing ${PAGE_SIZE} of ${countText(first)} leads`);

    const lead = first.leads[0]!;
    const card = page.getByRole('article', { name: lead.companyName, exact: true });
    const domain = card.getByTestId('lead-domain');
    await expect(domain).toHaveAttribute('href', `https://${lead.domain}/`);
    await expect(domain).toHaveAttribute('target', '_blank');
    await expect(domain).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(domain).toContainText(lead.domain);
    await expectContactsDialog(page, card, lead, 'View Details');

    const second = await fetchLeadPage(page.request, {}, 2);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByTestId('lead-card')).toHaveCount(2 * PAGE_SIZE);
    await expect(cardNames(page)).toHaveText(names([...first.leads, ...second.leads]));
    await expect(page.getByTestId('lead-count')).toHaveText(`Showing ${2 * PAGE_SIZE} of ${countText(first)} leads`);
  });

  test('shows an undisclosed round as Undisclosed with its label, unknown facts as Unknown, and a contact without email without a mail link', async ({ page, request }) => {
    const name = `Undisclosed Filing ${Date.now()}`;
    await insertLeads([
      {
        companyName: name,
        domain: `undisclosed-${Date.now()}.example.com`,
        industry: null,
        fundingAmount: null,
        fundingRound: null,
        roundLabel: 'Equity financing (Form D, Rule 506(b))',
        location: null,
        fundingDate: '2023-01-05',
        description: 'Filed a Form D without stating the amount.',
        contacts: [{ name: 'Kari Filer', role: 'Director', email: null, linkedIn: '' }],
      },
    ]);
    await signInSubscriber(page, request);
    await page.goto(`/historical?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('lead-amount')).toHaveText('Undisclosed');
    await expect(card.getByTestId('lead-round')).toHaveText('Undisclosed');
    await expect(card.getByTestId('lead-round-label')).toHaveText('Equity financing (Form D, Rule 506(b))');
    await expect(card.getByTestId('industry-badge')).toHaveText('Unknown');
    await expect(card).toContainText('Unknown');
    const [lead] = await fetchAllLeads(page.request, { q: name });
    expect(lead).toMatchObject({ fundingAmount: null, fundingRound: null, industry: null, location: null, contacts: [{ name: 'Kari Filer', email: null }] });
    await expectContactsDialog(page, card, lead!, 'View Details');

    // The API lists it under fundingRound=Undisclosed, and no amount range matches it.
    expect(names(await fetchAllLeads(page.request, { q: name, fundingRound: 'Undisclosed' }))).toEqual([name]);
    expect(await fetchAllLeads(page.request, { q: name, maxFunding: '1000' })).toEqual([]);
  });

  test('the date range narrows the list to the window ending today', async ({ page, request }) => {
    await signInSubscriber(page, request);
    await page.goto('/historical');
    const all = await fetchLeadPage(page.request, {});
    await expect(cardNames(page)).toHaveText(names(all.leads));

    const today = new Date();
    const ranges: { label: string; value: string; dateStart: string }[] = [
      { label: 'Last 30 Days', value: '30d', dateStart: localDay(today, 29) },
      { label: 'Last 90 Days', value: '90d', dateStart: localDay(today, 89) },
      { label: 'Last 6 Months', value: '6m', dateStart: localDay(monthsBefore(today, 6), -1) },
      { label: 'Last 1 Year', value: '1y', dateStart: localDay(monthsBefore(today, 12), -1) },
    ];
    const asked = new Set<string>();
    for (const range of ranges) {
      // The first request for a window not asked for before: the one this choice sent.
      const sent = page.waitForRequest((req) => {
        const dateStart = isLeadList(req) ? filterOf(req).dateStart : undefined;
        return dateStart !== undefined && !asked.has(dateStart);
      });
      await page.getByLabel('Date range').selectOption({ label: range.label });
      await expect(page).toHaveURL((url) => url.searchParams.get('range') === range.value);
      const filter = { dateStart: range.dateStart, dateEnd: localDay(today) };
      const sentFilter = filterOf(await sent);
      asked.add(sentFilter.dateStart!);
      expect(sentFilter).toEqual(filter);
      const expected = await fetchLeadPage(page.request, filter);
      expect(expected.totalCount).toBeLessThan(all.totalCount);
      await expect(page.getByTestId('lead-count')).toHaveText(
        `Showing ${Math.min(PAGE_SIZE, expected.totalCount)} of ${countText(expected)} leads`,
      );
      await expect(cardNames(page)).toHaveText(names(expected.leads));
    }

    await page.getByLabel('Date range').selectOption({ label: 'All Time' });
    await expect(page).toHaveURL((url) => !url.searchParams.has('range'));
    await expect(cardNames(page)).toHaveText(names(all.leads));
  });

  test('shows the error with Retry when the leads call fails, and recovers', async ({ page, request }) => {
    await signInSubscriber(page, request);
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/leads',
      (route) =>
        failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database exploded' }) }) : route.continue(),
    );
    await page.goto('/historical');
    const error = page.getByTestId('leads-error');
    await expect(error.getByRole('heading', { name: 'Error loading leads' })).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText('Database exploded');

    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    const first = await fetchLeadPage(page.request, {});
    await expect(cardNames(page)).toHaveText(names(first.leads));
    await expect(error).toHaveCount(0);
  });
});

test.describe('CSV export', () => {
  /** A cell as the export must write it: text that a spreadsheet would run as a formula gets a leading '. */
  function cell(value: string | number | null): string {
    // Unknown values are empty cells.
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  }

  function expectedRows(leads: ApiLead[]): string[][] {
    return leads.flatMap((lead) => {
      const base = [lead.companyName, lead.domain, lead.industry, lead.fundingAmount, lead.fundingRound, lead.location, lead.fundingDate, lead.description].map(cell);
      if (lead.contacts.length === 0) return [[...base, '', '', '', '']];
      return lead.contacts.map((contact) => [...base, ...[contact.name, contact.role, contact.email, contact.linkedIn].map(cell)]);
    });
  }

  async function exportCsv(page: Page): Promise<{ fileName: string; rows: string[][] }> {
    const before = new Date();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const fileName = download.suggestedFilename();
    const days = new Set([before, new Date()].flatMap((date) => [localDay(date), date.toISOString().slice(0, 10)]));
    expect([...days].map((day) => `fundwire-leads-${day}.csv`)).toContain(fileName);
    const path = await download.path();
    return { fileName, rows: parseCsv(await readFile(path, 'utf8')) };
  }

  test('downloads every lead of the filtered view, one row per contact, cell for cell', async ({ page, request }) => {
    const industry = `E2E Export ${Date.now()}`;
    const awkward: NewLead[] = [
      {
        companyName: 'Quote, "Comma" & Co',
        domain: 'quote-comma.example.com',
        industry,
        fundingAmount: 12_500_000,
        fundingRound: 'Series A',
        location: 'Berlin, Germany',
        fundingDate: '2024-06-03',
        description: 'Writes "quoted" text,\nover two lines.',
        contacts: [
          { name: 'Ada Lovelace', role: 'CEO', email: 'ada@quote-comma.example.com', linkedIn: 'https://linkedin.example.com/in/ada' },
          { name: 'Grace Hopper', role: 'CTO, co-founder', email: 'grace@quote-comma.example.com', linkedIn: 'https://linkedin.example.com/in/grace' },
        ],
      },
      {
        companyName: 'Lonely Labs',
        domain: 'lonely.example.com',
        industry,
        fundingAmount: 900_000,
        fundingRound: 'Pre-Seed',
        location: 'Oslo',
        fundingDate: '2024-06-02',
        description: 'Nobody to contact yet.',
        contacts: [],
      },
      {
        companyName: '=HYPERLINK("http://evil.example")',
        domain: 'formula.example.com',
        industry,
        fundingAmount: 3_000_000,
        fundingRound: 'Seed',
        location: '+44 London',
        fundingDate: '2024-06-01',
        description: '-1 reasons to worry',
        contacts: [{ name: '@mention', role: '-Chief', email: 'eve@formula.example.com', linkedIn: '+https://linkedin.example.com/in/eve' }],
      },
    ];
    await insertLeads(awkward);
    await signInSubscriber(page, request);

    await page.goto('/historical');
    await toggleIndustry(page, industry);
    const leads = await fetchAllLeads(page.request, { industry });
    expect(names(leads)).toEqual(names(awkward));
    await expect(cardNames(page)).toHaveText(names(leads));
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/leads/export.csv?${new URLSearchParams({ industry }).toString()}`);

    const { rows } = await exportCsv(page);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[0]).toEqual(['Company Name', 'Domain', 'Industry', 'Funding Amount', 'Funding Round', 'Location', 'Date', 'Description', 'Contact Name', 'Role', 'Email', 'LinkedIn']);
    const body = rows.slice(1);
    expect(body).toEqual(expectedRows(leads));
    expect(body).toHaveLength(4);
    expect(body[2]!.slice(8)).toEqual(['', '', '', '']); // Lonely Labs: one row, empty contact cells
    expect(body[3]![0]).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  test('covers the whole filtered result, not only the loaded page', async ({ page, request }) => {
    await signInSubscriber(page, request);
    await page.goto('/historical');
    await page.getByLabel('Date range').selectOption({ label: 'Last 90 Days' });
    const filter = { dateStart: localDay(new Date(), 89), dateEnd: localDay(new Date()) };
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/leads/export.csv?${new URLSearchParams(filter).toString()}`);
    const leads = await fetchAllLeads(page.request, filter);
    expect(leads.length).toBeGreaterThan(PAGE_SIZE);
    await expect(cardNames(page)).toHaveText(names(leads.slice(0, PAGE_SIZE)));

    const { rows } = await exportCsv(page);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const body = rows.slice(1);
    expect(body).toEqual(expectedRows(leads));
    expect(body.length).toBeGreaterThan(leads.length); // demo leads have one to four contacts each
  });
});

test.describe('lead API access', () => {
  const paths = ['/api/leads', '/api/leads/stats', '/api/leads/export.csv'];

  test('refuses a signed-in user without a subscription (403) and a signed-out caller (401)', async ({ playwright }) => {
    const unsubscribed = await playwright.request.newContext({ baseURL: appUrl });
    const anonymous = await playwright.request.newContext({ baseURL: appUrl });
    try {
      await createAccount(unsubscribed);
      for (const path of paths) {
        const response = await unsubscribed.get(path);
        expect(response.status(), path).toBe(403);
        expect(((await response.json()) as { error: string }).error, path).toMatch(/subscription/i);

        const signedOut = await anonymous.get(path);
        expect(signedOut.status(), path).toBe(401);
        expect(await signedOut.json(), path).toEqual({ error: 'Authentication required' });
      }
    } finally {
      await unsubscribed.dispose();
      await anonymous.dispose();
    }
  });
});
