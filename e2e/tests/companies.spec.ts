// The company page: a company's rounds grouped by its website, reached from a lead card on Historical.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { adminAccount, appUrl, expect, localDay, test } from '../support/fixtures.js';

const SAMPLE_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/samples/fundraisingfox-rounds-sample.csv');

const stamp = Date.now().toString(36);
const NAME = `Tidewell Robotics ${stamp}`;
const DOMAIN = `tidewell-${stamp}.example.com`;

// Every contact has a LinkedIn profile: leads.spec, which runs later on the same database, expects one.
const ada = { name: 'Ada Tidewell', role: 'CEO', email: `ada@${DOMAIN}`, linkedIn: 'https://www.linkedin.com/in/ada-tidewell-example' };
const bo = { name: 'Bo Marsh', role: 'CFO', email: `bo@${DOMAIN}`, linkedIn: 'https://www.linkedin.com/in/bo-marsh-example' };

function round(overrides: Record<string, unknown>) {
  return {
    companyName: NAME,
    domain: DOMAIN,
    industry: 'Robotics',
    fundingAmount: 2_000_000,
    fundingRound: 'Seed',
    location: 'Pittsburgh, PA',
    fundingDate: '2025-03-10',
    description: 'Robots that inspect tidal turbines.',
    tags: [],
    contacts: [ada],
    ...overrides,
  };
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('company page', () => {
  test.beforeAll(async ({ request }) => {
    // Two rounds of one company, written through the admin API (so they are grouped as every write is).
    await adminAccount(request);
    const upload = await request.post(`${appUrl}/api/leads/batch`, {
      headers: { origin: appUrl },
      data: {
        leads: [
          round({}),
          round({
            companyName: `${NAME}, Inc.`,
            domain: `https://www.app.${DOMAIN}/`,
            fundingRound: 'Series A',
            fundingAmount: 12_500_000,
            fundingDate: localDay(new Date(), -3),
            description: 'Series A to build a fleet.',
            contacts: [{ ...ada, email: ada.email.toUpperCase() }, bo],
          }),
        ],
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  });

  test('a lead card links to its company, whose page shows both rounds newest first and the contacts once', async ({ subscriber: { page } }) => {
    // Newest first: by relevance the Seed round, whose domain's name is exactly the words searched, comes first.
    await page.goto(`/historical?q=${encodeURIComponent(`tidewell-${stamp}`)}&sort=date`);
    const cards = page.getByTestId('lead-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByTestId('lead-earlier-rounds')).toHaveText('1 earlier round');
    await expect(cards.nth(1).getByTestId('lead-earlier-rounds')).toHaveCount(0);

    await cards.first().getByRole('link', { name: `${NAME}, Inc.` }).click();
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${NAME}, Inc.`);
    await expect(page).toHaveTitle(`${NAME}, Inc. · Fundwire`);

    const rounds = page.getByTestId('company-round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0)).toContainText('Series A');
    await expect(rounds.nth(0).getByTestId('round-amount')).toHaveText('$12,500,000');
    await expect(rounds.nth(1)).toContainText('Seed');
    await expect(rounds.nth(1).getByTestId('round-amount')).toHaveText('$2,000,000');
    await expect(page.getByTestId('company-facts')).toContainText('$14,500,000');

    const contacts = page.getByRole('list', { name: 'Contacts' }).getByTestId('contact');
    await expect(contacts).toHaveCount(2);
    await expect(contacts.nth(0)).toContainText('Ada Tidewell');
    await expect(contacts.nth(1)).toContainText('Bo Marsh');
    await expect(contacts.nth(1).getByRole('link', { name: new RegExp(`bo@${DOMAIN}`) })).toHaveAttribute('href', `mailto:bo@${DOMAIN}`);

    // The API behind it says the same.
    const id = page.url().split('/').pop()!;
    const api = (await (await page.request.get(`${appUrl}/api/companies/${id}`)).json()) as { rounds: { fundingRound: string }[] };
    expect(api.rounds.map((item) => item.fundingRound)).toEqual(['Series A', 'Seed']);

    await expectNoSeriousA11yViolations(page, { label: '/companies/:id' });

    // Keyboard: the back link is reachable and leads to Historical.
    await page.getByRole('link', { name: 'Historical Leads' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/historical/);

    // 375 px: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/companies/${id}`);
    await expect(page.getByTestId('company-round')).toHaveCount(2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('the real sample: Passionfroot raised twice, and its page shows both rounds', async ({ subscriber: { page }, request }) => {
    // The header and Passionfroot's rows of the shared sample, imported as the admin imports files.
    const lines = readFileSync(SAMPLE_CSV, 'utf8').split('\n');
    const csv = [lines[0], ...lines.filter((line) => line.startsWith('passionfroot,'))].join('\n');
    await adminAccount(request);
    const imported = await request.post(`${appUrl}/api/admin/imports`, { headers: { origin: appUrl, 'content-type': 'text/csv' }, data: csv });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(((await imported.json()) as { total: number }).total).toBe(2);

    await page.goto('/historical?q=passionfroot.me');
    const cards = page.getByTestId('lead-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByTestId('lead-earlier-rounds')).toHaveText('1 earlier round');
    await cards.first().getByRole('link', { name: 'Passionfroot', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passionfroot');
    const rounds = page.getByTestId('company-round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0).locator('time')).toHaveAttribute('datetime', '2026-08-21');
    await expect(rounds.nth(0).getByTestId('round-amount')).toHaveText('Undisclosed');
    await expect(rounds.nth(1).locator('time')).toHaveAttribute('datetime', '2026-07-22');
    await expect(rounds.nth(1).getByTestId('round-amount')).toHaveText('$15,000,000');
    await expect(page.getByTestId('no-contacts')).toBeVisible();
  });

  test('an unknown or malformed company id says Company not found', async ({ subscriber: { page } }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-company']) {
      await page.goto(`/companies/${id}`);
      await expect(page.getByRole('heading', { name: 'Company not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse all leads' })).toHaveAttribute('href', '/historical');
    }
  });
});
