// The table view of the lead screens (issue 17): Cards | Table remembered per user, server-side sorting by amount,
// round and date that holds across Load More pages (unknown values last), row selection exported as CSV and
// copied as contacts, the phone's two-line list, and the admin's paged table with bulk delete.
import { readFile } from 'node:fs/promises';
import { CSV_COLUMNS, FUNDING_ROUNDS } from '@fundwire/shared';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import {
  appUrl,
  expect as baseExpect,
  createAccount,
  grantSubscription,
  insertLeads,
  localDay,
  signInBrowser,
  test,
  type NewLead,
} from '../support/fixtures.js';
import { signInAsAdmin, toast } from '../support/more-fixtures.js';

// Generous but finite: the machine is small and may run another suite at the same time.
const expect = baseExpect.configure({ timeout: 15_000 });
const PAGE_SIZE = 20;
const ROUNDS: (string | null)[] = [...FUNDING_ROUNDS, null];
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

// One set of rounds per run of the describe below, found by a token no other lead has: 25 of them, more than a page,
// with four undisclosed amounts and every round (undisclosed too); dates one day apart, newest first by index.
const today = new Date();
let TOKEN = '';
let seeded: NewLead[] = [];

function tableLeads(token: string): NewLead[] {
  return Array.from({ length: 25 }, (_, index) => ({
    companyName: `${token} Co ${String(index).padStart(2, '0')}`,
    domain: `${token.toLowerCase()}-${index}.example.com`,
    industry: 'FinTech',
    fundingAmount: index % 6 === 5 ? null : ((index * 7) % 25) * 1_000_000 + 500_000,
    fundingRound: ROUNDS[index % ROUNDS.length] ?? null,
    location: 'Austin, TX',
    fundingDate: localDay(today, 40 + index),
    description: `Seeded for the table view test ${token}.`,
    contacts:
      index % 4 === 0
        ? []
        : Array.from({ length: (index % 2) + 1 }, (_, person) => ({
            name: `Person ${index}-${person}`,
            role: person === 0 ? 'CEO' : 'CTO',
            email: `p${index}-${person}@${token.toLowerCase()}.example.com`,
            linkedIn: `https://www.linkedin.com/in/${token.toLowerCase()}-${index}-${person}`,
          })),
  }));
}

function uniqueToken(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Deletes the leads whose company name starts with `prefix` (and companies left without a round), and tells the
 * server's caches, so other specs in the run never meet them. */
async function deleteLeadsNamed(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`delete from leads where starts_with(company_name, $1)`, [prefix]);
    await client.query('delete from companies c where not exists (select 1 from leads l where l.company_id = c.id)');
    await client.query(`insert into app_meta (key, value) values ('leads_version', '1')
      on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

// Leads a test made for itself, by name prefix; deleted after it.
const madeByTest: string[] = [];
test.afterEach(async () => {
  for (const prefix of madeByTest.splice(0)) await deleteLeadsNamed(prefix);
});

/** Unknown last in both directions; ties newest first (the seeded dates are distinct, newest at the lowest index). */
function byAmount(dir: 'asc' | 'desc'): string[] {
  return [...seeded]
    .sort((a, b) => {
      if (a.fundingAmount === null || b.fundingAmount === null) {
        if (a.fundingAmount !== b.fundingAmount) return a.fundingAmount === null ? 1 : -1;
        return b.fundingDate.localeCompare(a.fundingDate);
      }
      return dir === 'asc' ? a.fundingAmount - b.fundingAmount : b.fundingAmount - a.fundingAmount;
    })
    .map((lead) => lead.companyName);
}

function byRound(dir: 'asc' | 'desc'): string[] {
  const rank = (round: string | null) => (round === null ? -1 : FUNDING_ROUNDS.indexOf(round as (typeof FUNDING_ROUNDS)[number]));
  return [...seeded]
    .sort((a, b) => {
      const [ra, rb] = [rank(a.fundingRound), rank(b.fundingRound)];
      if (ra !== rb) {
        if (ra === -1 || rb === -1) return ra === -1 ? 1 : -1;
        return dir === 'asc' ? ra - rb : rb - ra;
      }
      return b.fundingDate.localeCompare(a.fundingDate);
    })
    .map((lead) => lead.companyName);
}

async function signInSubscriber(page: Page): Promise<void> {
  const account = await createAccount(page.request);
  await grantSubscription(account.userId);
  await signInBrowser(page, account);
}

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'Leads' });
}

function rowNames(page: Page): Locator {
  return page.getByTestId('lead-row').getByTestId('row-company');
}

function header(page: Page, name: 'Date' | 'Amount' | 'Round'): Locator {
  return table(page).getByRole('columnheader', { name });
}

async function openHistorical(page: Page, query = ''): Promise<void> {
  await page.goto(`/historical?q=${TOKEN}${query}`);
  await expect(page.getByRole('heading', { name: 'Historical Leads', level: 1 })).toBeVisible();
}

async function switchToTable(page: Page): Promise<void> {
  const group = page.getByRole('radiogroup', { name: 'View' });
  await group.getByRole('radio', { name: 'Table' }).click();
  await expect(group.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
  await expect(table(page)).toBeVisible();
}

/** Loads every page with Load More, then checks the whole order. */
async function expectOrderAcrossPages(page: Page, expected: string[]): Promise<void> {
  await expect(rowNames(page)).toHaveText(expected.slice(0, PAGE_SIZE));
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(rowNames(page)).toHaveText(expected);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
}

test.describe('lead table', () => {
  test.beforeAll(async () => {
    TOKEN = uniqueToken('Tablex');
    seeded = tableLeads(TOKEN);
    await insertLeads(seeded);
  });
  test.afterAll(async () => {
    await deleteLeadsNamed(TOKEN);
  });

  test('sorts by amount and round on the server across Load More pages, remembers the view, and sorts by keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    await signInSubscriber(page);
    await openHistorical(page);
    // Cards by default.
    await expect(page.getByTestId('lead-card').first()).toBeVisible();
    await switchToTable(page);
    await expect(page.getByTestId('lead-card')).toHaveCount(0);
    await expect(page.getByTestId('lead-count')).toHaveText(`Showing ${PAGE_SIZE} of 25 leads`);

    // Amount: largest first, then smallest first; undisclosed amounts last both ways.
    const sortRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/leads') sortRequests.push(`${url.searchParams.get('sort')}:${url.searchParams.get('dir')}`);
    });
    await header(page, 'Amount').getByRole('button').click();
    await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=amount&dir=desc/);
    await expectOrderAcrossPages(page, byAmount('desc'));
    await expect(page.getByTestId('lead-row').last().getByTestId('cell-amount')).toHaveText('Undisclosed');

    await header(page, 'Amount').getByRole('button').click();
    await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'none');
    await expect(page).toHaveURL(/[?&]sort=amount&dir=asc/);
    await expectOrderAcrossPages(page, byAmount('asc'));
    const amounts = await page.getByTestId('lead-row').getByTestId('cell-amount').allTextContents();
    const disclosed = seeded.flatMap((lead) => (lead.fundingAmount === null ? [] : [lead.fundingAmount])).sort((a, b) => a - b);
    expect(amounts).toEqual([...disclosed.map((amount) => money.format(amount)), ...Array(4).fill('Undisclosed')]);
    // The next page was asked for in the same order (the server's cursor carries it).
    expect(sortRequests.filter((entry) => entry === 'amount:asc').length).toBeGreaterThanOrEqual(2);

    // Round: the latest stage first, undisclosed last, newest first within a stage.
    await header(page, 'Round').getByRole('button').click();
    await expect(header(page, 'Round')).toHaveAttribute('aria-sort', 'descending');
    await expectOrderAcrossPages(page, byRound('desc'));
    await expect(page.getByTestId('lead-row').first().getByTestId('cell-round')).toHaveText('Series D+');
    await expect(page.getByTestId('lead-row').last().getByTestId('cell-round')).toHaveText('Undisclosed');

    // A reload keeps the table (remembered for this user) and the order (in the URL).
    await page.reload();
    await expect(table(page)).toBeVisible();
    await expect(header(page, 'Round')).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(page)).toHaveText(byRound('desc').slice(0, PAGE_SIZE));

    // Keyboard: Tab from the Amount header to the Date header, Enter sorts newest first, Enter again oldest first.
    await header(page, 'Amount').getByRole('button').focus();
    await page.keyboard.press('Tab');
    await expect(header(page, 'Date').getByRole('button')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(page)).toHaveText(seeded.slice(0, PAGE_SIZE).map((lead) => lead.companyName));
    await page.keyboard.press('Enter');
    await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'ascending');
    // The header keeps focus while the new order loads, so sorting again needs no hunting.
    await expect(header(page, 'Date').getByRole('button')).toBeFocused();
    await expect(rowNames(page)).toHaveText(
      [...seeded]
        .reverse()
        .slice(0, PAGE_SIZE)
        .map((lead) => lead.companyName),
    );

    await expectNoSeriousA11yViolations(page, { label: '/historical table, sorted' });

    // A third press goes back to the default order: best match, for this search.
    await header(page, 'Date').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'none');
    await expect(page).not.toHaveURL(/[?&](sort|dir)=/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TOKEN}`));
    await expect(rowNames(page)).toHaveCount(PAGE_SIZE);
  });

  test('selected rows export as CSV in the server format and copy their contacts', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
    await signInSubscriber(page);
    await openHistorical(page, '&sort=amount&dir=desc');
    await switchToTable(page);
    const expected = byAmount('desc');
    await expect(rowNames(page)).toHaveText(expected.slice(0, PAGE_SIZE));

    const pick = [expected[0]!, expected[2]!, expected[3]!];
    for (const name of pick) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Selected leads' });
    await expect(bar.getByTestId('selection-count')).toHaveText('3 selected');
    await expect(page.getByRole('checkbox', { name: 'Select all leads on screen' })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page, { label: '/historical table with a selection' });

    const picked = pick.map((name) => seeded.find((lead) => lead.companyName === name)!);
    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fundwire-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await readFile((await file.path())!, 'utf8'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const expectedRows = picked.flatMap((lead) => {
      const base = [
        lead.companyName,
        lead.domain,
        lead.industry ?? '',
        lead.fundingAmount === null ? '' : String(lead.fundingAmount),
        lead.fundingRound ?? '',
        lead.location ?? '',
        lead.fundingDate,
        lead.description,
      ];
      return lead.contacts.length === 0
        ? [[...base, '', '', '', '', '', '']]
        : lead.contacts.map((contact) => [
            ...base,
            contact.name,
            contact.role,
            contact.email ?? '',
            // Email status and source: the seeded addresses were never checked, and came from no import (issue 31).
            '',
            '',
            contact.linkedIn,
          ]);
    });
    expect(rows.slice(1)).toEqual(expectedRows);

    await bar.getByRole('button', { name: 'Copy contacts' }).click();
    const contacts = picked.flatMap((lead) =>
      lead.contacts.map((contact) => [contact.name, contact.role, contact.email ?? '', contact.linkedIn, lead.companyName].join('\t')),
    );
    await expect(toast(page, `Copied ${contacts.length} ${contacts.length === 1 ? 'contact' : 'contacts'} to the clipboard.`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contacts.join('\n'));

    // Select all takes every row on screen; Clear drops the selection and the bar.
    await page.getByRole('checkbox', { name: 'Select all leads on screen' }).check();
    await expect(bar.getByTestId('selection-count')).toHaveText(`${PAGE_SIZE} selected`);
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: `Select ${pick[0]}` })).not.toBeChecked();
  });

  test('on a 375 px phone the table is a two-line list with a sort picker and no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInSubscriber(page);
    await openHistorical(page);
    await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Table' }).click();
    const list = page.getByRole('list', { name: 'Leads' });
    await expect(list).toBeVisible();
    await expect(table(page)).toBeHidden();
    const items = list.getByTestId('lead-list-item');
    await expect(items).toHaveCount(PAGE_SIZE);

    // Two lines each: the company and amount, then round, date, location and contacts.
    const first = items.first();
    await expect(first).toContainText(seeded[0]!.companyName);
    const lines = first.locator(':scope > div:nth-child(2) > *');
    await expect(lines).toHaveCount(2);
    for (const line of await lines.all()) {
      const box = await line.boundingBox();
      expect(box!.height, 'each line of a compact row stays on one line').toBeLessThan(26);
    }

    await page.getByLabel('Sort').selectOption({ label: 'Smallest amount first' });
    await expect(page).toHaveURL(/[?&]sort=amount&dir=asc/);
    await expect(items.getByTestId('row-company')).toHaveText(byAmount('asc').slice(0, PAGE_SIZE));
    await items.nth(1).getByRole('checkbox').check();
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');

    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, 'no horizontal scroll at 375 px').toBeLessThanOrEqual(widths.client);
    await expectNoSeriousA11yViolations(page, { label: '/historical table at 375 px' });
  });
});

test.describe('company page table', () => {
  test('the table links to a company, whose rounds show as a table too (the same remembered choice)', async ({ page }) => {
    const stamp = uniqueToken('Tidex');
    madeByTest.push(stamp);
    const domain = `${stamp.toLowerCase()}.example.com`;
    const contact = { name: 'Ada Tide', role: 'CEO', email: `ada@${domain}`, linkedIn: '' };
    const round = (fundingRound: string, fundingAmount: number, fundingDate: string) => ({
      companyName: `${stamp} Robotics`,
      domain,
      industry: 'Robotics',
      fundingAmount,
      fundingRound,
      location: 'Pittsburgh, PA',
      fundingDate,
      description: 'Two rounds of one company.',
      tags: [],
      contacts: [contact],
    });
    // Written through the admin API, so the rounds are grouped under one company as every write is.
    await signInAsAdmin(page);
    const upload = await page.request.post('/api/leads/batch', {
      headers: { origin: appUrl },
      data: { leads: [round('Seed', 2_000_000, localDay(today, 400)), round('Series A', 12_500_000, localDay(today, 60))] },
    });
    expect(upload.status(), await upload.text()).toBe(200);

    await page.context().clearCookies();
    await signInSubscriber(page);
    await page.goto(`/historical?q=${stamp}`);
    await switchToTable(page);
    await expect(rowNames(page)).toHaveText([`${stamp} Robotics`, `${stamp} Robotics`]);
    await page
      .getByTestId('lead-row')
      .first()
      .getByRole('link', { name: `${stamp} Robotics` })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${stamp} Robotics`);

    const rounds = page.getByRole('table', { name: 'Funding rounds, newest first' });
    await expect(rounds).toBeVisible();
    await expect(rounds.getByTestId('cell-round')).toHaveText(['Series A', 'Seed']);
    await expect(rounds.getByTestId('cell-amount')).toHaveText(['$12,500,000', '$2,000,000']);
    await expect(rounds.getByTestId('cell-contacts').first()).toContainText('1 · Ada Tide');
    await expectNoSeriousA11yViolations(page, { label: '/companies/:id as a table' });

    await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Cards' }).click();
    await expect(page.getByTestId('company-round')).toHaveCount(2);
    await expect(rounds).toHaveCount(0);
  });
});

test.describe('admin lead table', () => {
  test('pages through every lead, and deletes a selection after a confirm', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const token = uniqueToken('Bulkx');
    madeByTest.push(token);
    const created: string[] = [];
    for (const index of [1, 2, 3]) {
      const response = await page.request.post('/api/leads', {
        headers: { origin: appUrl },
        data: {
          companyName: `${token} Lead ${index}`,
          domain: `${token.toLowerCase()}-${index}.example.com`,
          industry: 'Robotics',
          fundingAmount: index * 1_000_000,
          fundingRound: 'Seed',
          location: 'Pittsburgh, PA',
          fundingDate: localDay(today, 50),
          description: 'Made for the bulk delete test.',
          tags: [],
          contacts: [],
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(((await response.json()) as { lead: { id: string } }).lead.id);
    }

    // The table by default, 100 rows a page; Next shows the other 20. The 120 are the test's own (a search),
    // so leads the live feed adds meanwhile cannot shift the pages.
    const pageToken = uniqueToken('Pagex');
    madeByTest.push(pageToken);
    await insertLeads(
      Array.from({ length: 120 }, (_, index) => ({
        companyName: `${pageToken} ${String(index).padStart(3, '0')}`,
        domain: `${pageToken.toLowerCase()}-${index}.example.com`,
        industry: 'SaaS',
        fundingAmount: 1_000_000 + index,
        fundingRound: 'Seed',
        location: 'Boston, MA',
        fundingDate: localDay(today, 900 + index),
        description: 'Seeded for the admin paging test.',
        contacts: [],
      })),
    );
    await page.goto(`/admin?q=${pageToken}`);
    await expect(page.getByRole('heading', { name: 'Admin - Leads Management', level: 1 })).toBeVisible();
    const rows = page.getByTestId('lead-row');
    await expect(rows).toHaveCount(100);
    await expect(page.getByTestId('admin-lead-count')).toHaveText(`Showing 1–100 of 120 leads matching “${pageToken}”`);
    const firstPage = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-lead-id')));
    const pager = page.getByRole('navigation', { name: 'Lead pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByTestId('pager-status')).toHaveText('Page 2 of 2');
    await expect(page.getByTestId('admin-lead-count')).toHaveText(`Showing 101–120 of 120 leads matching “${pageToken}”`);
    await expect(rows).toHaveCount(20);
    const secondPage = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-lead-id')));
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    // Newest first: the oldest 20 (the highest numbers) are on page 2.
    await expect(rowNames(page)).toHaveText(Array.from({ length: 20 }, (_, index) => `${pageToken} ${String(100 + index).padStart(3, '0')}`));
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(rows).toHaveCount(100);

    // On a phone the 100 rows are the compact list, with nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('lead-list-item')).toHaveCount(100);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, 'no horizontal scroll at 375 px').toBeLessThanOrEqual(widths.client);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Select two of the three and delete them; Cancel first deletes nothing.
    await page.goto(`/admin?q=${token}`);
    await expect(rows).toHaveCount(3);
    // The admin's headers sort on the server too, by page number.
    await table(page).getByRole('columnheader', { name: 'Amount' }).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=amount&dir=desc/);
    await expect(rowNames(page)).toHaveText([3, 2, 1].map((index) => `${token} Lead ${index}`));
    await page.getByRole('checkbox', { name: `Select ${token} Lead 1` }).check();
    await page.getByRole('checkbox', { name: `Select ${token} Lead 3` }).check();
    const bar = page.getByRole('region', { name: 'Selected leads' });
    await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 leads?' });
    await expect(dialog).toBeVisible();
    // The three share a date, so their order is the server's tie-break (by id): compare as sets.
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    expect((await dialog.getByRole('listitem').allTextContents()).sort()).toEqual([`${token} Lead 1`, `${token} Lead 3`]);
    await expectNoSeriousA11yViolations(page, { label: '/admin bulk delete dialog' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(3);

    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const bulkDelete = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/leads/bulk-delete');
    await dialog.getByRole('button', { name: 'Delete 2 leads' }).click();
    const sent = (await bulkDelete).postDataJSON() as { ids: string[] };
    expect([...sent.ids].sort()).toEqual([created[0], created[2]].sort());
    await expect(toast(page, 'Deleted 2 leads')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowNames(page)).toHaveText([`${token} Lead 2`]);
    await expect(bar).toHaveCount(0);
    const left = await page.request.get(`/api/leads?q=${token}`);
    expect(((await left.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id)).toEqual([created[1]]);
  });
});
