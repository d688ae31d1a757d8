// Every lead filter on screen (issue 17): each one set through the UI lands in the URL under the API's name, narrows
// the list to exactly the seeded leads it should, survives a reload, and comes off again with its chip or Clear all.
// The leads are seeded (and deleted after each test) under two industries of this run's own, so other tests' data never
// shows up in the lists.
import { readFile } from 'node:fs/promises';
import type { ElementHandle, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, fetchAllLeads, localDay, test, type NewLead } from '../support/fixtures.js';

const count = new Intl.NumberFormat('en-US');
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const INDUSTRY = `Filter Test ${run}`;
const OTHER_INDUSTRY = `Filter Other ${run}`;

function contact(name: string) {
  return { name, role: 'CEO', email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, linkedIn: 'https://linkedin.example.com/in/x' };
}

function seedLead(name: string, fields: Partial<NewLead>): NewLead {
  return {
    companyName: `${name} ${run}`,
    domain: `${name.toLowerCase()}-${run}.example.com`,
    industry: INDUSTRY,
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Berlin, Germany',
    fundingDate: '2023-03-01',
    description: 'Seeded by the filters e2e test.',
    contacts: [],
    ...fields,
  };
}

// Newest funding first, as the list shows them: Delta, Gamma, Beta, Alpha.
const ALPHA = seedLead('Alpha', {
  fundingRound: 'Seed',
  fundingAmount: 1_000_000,
  location: 'Berlin, Germany',
  fundingDate: '2023-03-01',
  contacts: [contact('Ada'), contact('Bo')],
});
const BETA = seedLead('Beta', { fundingRound: 'Series A', fundingAmount: 8_000_000, location: 'Oslo, Norway', fundingDate: '2023-06-15', contacts: [] });
const GAMMA = seedLead('Gamma', { fundingRound: null, fundingAmount: null, location: 'Berlin, Germany', fundingDate: '2023-09-10', contacts: [contact('Cy')] });
const DELTA = seedLead('Delta', {
  industry: OTHER_INDUSTRY,
  fundingRound: 'Series B',
  fundingAmount: 20_000_000,
  location: 'Austin, TX',
  fundingDate: '2023-11-20',
  contacts: [contact('Di')],
});
const ALL = [DELTA, GAMMA, BETA, ALPHA];
const BOTH_INDUSTRIES = new URLSearchParams([
  ['industry', INDUSTRY],
  ['industry', OTHER_INDUSTRY],
]).toString();

function cardNames(page: Page): Locator {
  return page.getByTestId('lead-card').locator('h3');
}

function names(leads: Pick<NewLead, 'companyName'>[]): string[] {
  return leads.map((lead) => lead.companyName);
}

/** The cards shown are exactly these leads, in this order, and the count says so. */
async function expectRows(page: Page, leads: NewLead[]): Promise<void> {
  await expect(cardNames(page)).toHaveText(names(leads), { timeout: 15_000 });
  await expect(page.getByTestId('lead-count')).toHaveText(`Showing ${leads.length} of ${count.format(leads.length)} ${leads.length === 1 ? 'lead' : 'leads'}`);
}

function chips(page: Page): Locator {
  return page.getByRole('list', { name: 'Active filters' }).getByRole('button');
}

async function pick(page: Page, control: 'Industry' | 'Round', popoverName: 'Industries' | 'Rounds', choices: string[]): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${control}`) }).click();
  const popover = page.getByRole('dialog', { name: popoverName });
  await expect(popover).toBeVisible();
  for (const choice of choices) await popover.getByRole('checkbox', { name: choice, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
}

/** The URL's value(s) for a param, once the page has written them. */
async function expectParam(page: Page, key: string, values: string[]): Promise<void> {
  await expect(page).toHaveURL((url) => JSON.stringify(url.searchParams.getAll(key)) === JSON.stringify(values));
}

test.describe('lead filters', () => {
  test('industry (several) and round (Undisclosed included) go in the URL, narrow the list, survive a reload and come off by chip', async ({
    subscriber: { page },
    seedLeads,
  }) => {
    await seedLeads(ALL);
    await page.goto('/historical');
    await expect(page.getByTestId('lead-card').first()).toBeVisible({ timeout: 15_000 });

    await pick(page, 'Industry', 'Industries', [INDUSTRY, OTHER_INDUSTRY]);
    await expectParam(page, 'industry', [INDUSTRY, OTHER_INDUSTRY]);
    await expectRows(page, ALL);
    await expect(page.getByRole('button', { name: /^Industry/ })).toHaveText('2 selected');

    await pick(page, 'Round', 'Rounds', ['Undisclosed', 'Seed']);
    await expectParam(page, 'fundingRound', ['Seed', 'Undisclosed']);
    await expectRows(page, [GAMMA, ALPHA]);
    await expect(chips(page)).toHaveText([`Industry: ${INDUSTRY}`, `Industry: ${OTHER_INDUSTRY}`, 'Round: Seed', 'Round: Undisclosed']);
    // The export sends the same filter.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/leads/export.csv?${BOTH_INDUSTRIES}&fundingRound=Seed&fundingRound=Undisclosed`,
    );

    await page.reload();
    await expectRows(page, [GAMMA, ALPHA]);
    await expect(page.getByRole('button', { name: /^Round/ })).toHaveText('2 selected');

    // A chip removes just its own value.
    await page.getByRole('button', { name: 'Remove filter Round: Seed' }).click();
    await expectParam(page, 'fundingRound', ['Undisclosed']);
    await expectRows(page, [GAMMA]);
    // The focus moves to the chip now in its place.
    await expect(page.getByRole('button', { name: 'Remove filter Round: Undisclosed' })).toBeFocused();
    await page.getByRole('button', { name: `Remove filter Industry: ${INDUSTRY}` }).click();
    await expectParam(page, 'industry', [OTHER_INDUSTRY]);
    await expect(page.getByRole('heading', { name: 'No leads match these filters' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(chips(page)).toHaveCount(0);
    await expect(page.getByLabel('Search', { exact: true })).toBeFocused();
  });

  test('amount range takes short forms, goes in the URL and survives a reload', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    await page.goto(`/historical?${BOTH_INDUSTRIES}`);
    await expectRows(page, ALL);

    await page.getByLabel('Minimum amount', { exact: true }).fill('5M');
    await expectParam(page, 'minFunding', ['5000000']);
    await expectRows(page, [DELTA, BETA]);
    await page.getByLabel('Maximum amount', { exact: true }).fill('10,000,000');
    await expectParam(page, 'maxFunding', ['10000000']);
    await expectRows(page, [BETA]);
    await expect(chips(page)).toContainText(['Min: $5,000,000', 'Max: $10,000,000']);

    await page.reload();
    await expectRows(page, [BETA]);
    await expect(page.getByLabel('Minimum amount', { exact: true })).toHaveValue('5M');
    await expect(page.getByLabel('Maximum amount', { exact: true })).toHaveValue('10M');

    // Not an amount: said so, and the URL keeps its last good value.
    await page.getByLabel('Maximum amount', { exact: true }).fill('lots');
    await expect(page.getByText('Enter an amount such as 500000, 500k or 5M.')).toBeVisible();
    await expect(page.getByLabel('Maximum amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectParam(page, 'maxFunding', ['10000000']);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(page.getByLabel('Minimum amount', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Maximum amount', { exact: true })).toHaveValue('');
  });

  test('two boxes typed within the pause both reach the URL: the second write keeps the first', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    await page.goto(`/historical?${BOTH_INDUSTRIES}`);
    await expectRows(page, ALL);
    // Both boxes change in one task, so their pauses end together and the two writes follow each other before the
    // page renders in between (as on a busy machine, where the second write once dropped the first).
    const minimum = await page.getByLabel('Minimum amount', { exact: true }).elementHandle();
    const maximum = await page.getByLabel('Maximum amount', { exact: true }).elementHandle();
    await page.evaluate(
      ([min, max]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        for (const [box, value] of [
          [min, '5M'],
          [max, '10M'],
        ] as const) {
          setValue.call(box, value);
          box.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      [minimum as ElementHandle<HTMLInputElement>, maximum as ElementHandle<HTMLInputElement>] as const,
    );
    await expectParam(page, 'minFunding', ['5000000']);
    await expectParam(page, 'maxFunding', ['10000000']);
    await expectRows(page, [BETA]);
    await expect(page.getByLabel('Minimum amount', { exact: true })).toHaveValue('5M');
    await expectParam(page, 'minFunding', ['5000000']);
  });

  test('a custom date range goes in the URL as dateStart/dateEnd, and a preset replaces it', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    await page.goto(`/historical?${BOTH_INDUSTRIES}`);
    await expectRows(page, ALL);

    await page.getByLabel('Date range', { exact: true }).selectOption({ label: 'Custom range' });
    await expectParam(page, 'range', ['custom']);
    await page.getByLabel('From', { exact: true }).fill('2023-06-01');
    await expectParam(page, 'dateStart', ['2023-06-01']);
    await expectRows(page, [DELTA, GAMMA, BETA]);
    await page.getByLabel('To', { exact: true }).fill('2023-10-01');
    await expectParam(page, 'dateEnd', ['2023-10-01']);
    await expectRows(page, [GAMMA, BETA]);
    await expect(chips(page)).toContainText(['From: Jun 1, 2023', 'To: Oct 1, 2023']);

    await page.reload();
    await expectRows(page, [GAMMA, BETA]);
    await expect(page.getByLabel('Date range', { exact: true })).toHaveValue('custom');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2023-06-01');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2023-10-01');

    // A shared link with the API's names alone is a custom range too.
    await page.goto(`/historical?${BOTH_INDUSTRIES}&dateEnd=2023-04-01`);
    await expectRows(page, [ALPHA]);
    await expect(page.getByLabel('Date range', { exact: true })).toHaveValue('custom');

    await page.getByLabel('Date range', { exact: true }).selectOption({ label: 'Last 30 Days' });
    await expect(page).toHaveURL((url) => url.searchParams.get('range') === '30d' && !url.searchParams.has('dateStart') && !url.searchParams.has('dateEnd'));
    await expect(page.getByLabel('From', { exact: true })).toHaveCount(0);
  });

  test('location and contacts go in the URL, survive a reload, and Clear all removes them', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    await page.goto(`/historical?${BOTH_INDUSTRIES}`);
    await expectRows(page, ALL);

    await page.getByLabel('Location', { exact: true }).fill('berlin');
    await expectParam(page, 'location', ['berlin']);
    await expectRows(page, [GAMMA, ALPHA]);

    await page.getByLabel('Contacts', { exact: true }).selectOption({ label: 'No contacts' });
    await expectParam(page, 'hasContacts', ['false']);
    await page.getByRole('button', { name: 'Remove filter Location: berlin' }).click();
    await expectParam(page, 'location', []);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');
    await expectRows(page, [BETA]);

    await page.getByLabel('Contacts', { exact: true }).selectOption({ label: 'Has contacts' });
    await expectParam(page, 'hasContacts', ['true']);
    await expectRows(page, [DELTA, GAMMA, ALPHA]);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/leads/export.csv?${BOTH_INDUSTRIES}&hasContacts=true`);
    // The file holds the same leads, one row per contact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const rows = (parse(await readFile(await download.path(), 'utf8'), { relax_column_count: true }) as string[][]).slice(1);
    expect(rows.map((row) => row[0])).toEqual([DELTA, GAMMA, ALPHA, ALPHA].map((lead) => lead.companyName));

    await page.reload();
    await expectRows(page, [DELTA, GAMMA, ALPHA]);
    await expect(page.getByLabel('Contacts', { exact: true })).toHaveValue('true');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(page.getByLabel('Contacts', { exact: true })).toHaveValue('');
  });

  test('values the server would refuse are ignored, not sent', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    const sent = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/leads');
    await page.goto(`/historical?${BOTH_INDUSTRIES}&fundingRound=Series+Z&minFunding=lots&dateStart=2023-02-30&hasContacts=maybe&range=forever`);
    const query = new URL((await sent).url()).searchParams;
    expect([...query.keys()].sort()).toEqual(['industry', 'industry', 'limit']);
    await expectRows(page, ALL);
    await expect(chips(page)).toHaveCount(2);
  });

  test('the dashboard has every filter but the date, and the API agrees with what it shows', async ({ subscriber: { page }, seedLeads }) => {
    const industry = `Filter Recent ${run}`;
    const today = localDay(new Date());
    const recent = [
      seedLead('Recent1', { industry, fundingDate: today, fundingRound: 'Series C', fundingAmount: 30_000_000, contacts: [contact('Eve')] }),
      seedLead('Recent2', { industry, fundingDate: today, fundingRound: null, fundingAmount: null, contacts: [] }),
    ];
    await seedLeads(recent);
    await page.goto('/dashboard');
    await expect(page.getByLabel('Date range', { exact: true })).toHaveCount(0);

    await pick(page, 'Industry', 'Industries', [industry]);
    await expectParam(page, 'industry', [industry]);
    const expected = await fetchAllLeads(page.request, { industry, dateStart: localDay(new Date(), 6) });
    expect(expected.map((lead) => lead.companyName).sort()).toEqual(names(recent).sort());
    await expect(cardNames(page)).toHaveText(expected.map((lead) => lead.companyName));

    await pick(page, 'Round', 'Rounds', ['Undisclosed']);
    await expectParam(page, 'fundingRound', ['Undisclosed']);
    await expectRows(page, [recent[1]!]);

    await page.reload();
    await expectRows(page, [recent[1]!]);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
  });

  test('on a 375 px phone the panel folds behind Filters (with the active count), without horizontal scroll; axe is clean with it open', async ({
    subscriber: { page },
    seedLeads,
  }) => {
    await seedLeads(ALL);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/historical?${BOTH_INDUSTRIES}&fundingRound=Undisclosed&dateStart=2023-01-01&dateEnd=2023-12-31&location=Berlin&hasContacts=true`);
    await expectRows(page, [GAMMA]);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('active-filter-count')).toHaveText('7 active');
    await expect(page.getByTestId('filter-panel')).toBeHidden();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('filter-panel')).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2023-01-01');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, { label: '/historical with the filter panel open at 375 px' });

    await page.getByRole('button', { name: /^Industry/ }).click();
    const popover = page.getByRole('dialog', { name: 'Industries' });
    await expect(popover).toBeVisible();
    const box = await popover.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, { label: 'the industry popover at 375 px' });
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(page.getByRole('button', { name: /^Industry/ })).toBeFocused();
  });

  test('axe is clean on the desktop filter panel with a custom range and chips', async ({ subscriber: { page }, seedLeads }) => {
    await seedLeads(ALL);
    await page.goto(`/historical?${BOTH_INDUSTRIES}&range=custom&minFunding=9&maxFunding=1`);
    await expect(page.getByTestId('filter-panel')).toBeVisible();
    await expect(page.getByText('The minimum is above the maximum, so the amount filter is off.')).toBeVisible();
    await expectRows(page, ALL);
    await expectNoSeriousA11yViolations(page, { label: '/historical with filters' });
    await page.getByRole('button', { name: /^Round/ }).click();
    await expect(page.getByRole('dialog', { name: 'Rounds' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'the round popover' });
  });
});
