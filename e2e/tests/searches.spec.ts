// Issue 16 on screen: Save search from the dashboard and the archive, /searches (open, edit, delete, the webhook's
// secret, Send test event and its delivery), and API keys on /profile used against /api/v1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, createAccount, deleteAccount, expect, localDay, signInBrowser, test, uniqueEmail, type NewLead } from '../support/fixtures.js';
import { toast } from '../support/more-fixtures.js';

function lead(companyName: string): NewLead {
  return {
    companyName,
    domain: `${companyName.toLowerCase().replace(/\s+/g, '-')}.example.com`,
    industry: 'Fintech',
    fundingAmount: 8_000_000,
    fundingRound: 'Series A',
    location: 'Berlin, Germany',
    fundingDate: localDay(new Date(), 1),
    description: 'A round for the saved searches test.',
    contacts: [],
  };
}

function savedSearch(page: Page, name: string) {
  return page.getByTestId('saved-search').filter({ has: page.getByRole('heading', { name }) });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('save a search from the dashboard, see it on /searches, open, edit and delete it', async ({ subscriber, seedLeads }) => {
  const { page } = subscriber;
  const tag = `ss${Date.now().toString(36)}`;
  await seedLeads([lead(`${tag} Ledger`)]);

  await page.goto(`/dashboard?industry=Fintech&fundingRound=Series+A&minFunding=5000000&q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Leads' })).toBeVisible();
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await expect(dialog.getByTestId('saved-search-dialog-summary')).toHaveText(`Series A rounds in Fintech, at least $5,000,000, matching “${tag}”, last 7 days`);
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]', label: 'the Save search dialog' });
  // The name is required.
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Name the search')).toBeVisible();
  await dialog.getByLabel('Name').fill(`${tag} Fintech A`);
  await dialog.getByLabel('Email alerts').selectOption('daily');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `Search saved: ${tag} Fintech A`)).toBeVisible();
  await toast(page, `Search saved: ${tag} Fintech A`).getByRole('button', { name: 'View saved searches' }).click();

  await expect(page).toHaveURL(/\/searches$/);
  await expect(page).toHaveTitle(/Saved Searches/);
  const card = savedSearch(page, `${tag} Fintech A`);
  await expect(card.getByTestId('saved-search-summary')).toHaveText(`Series A rounds in Fintech, at least $5,000,000, matching “${tag}”, last 7 days`);
  await expect(card).toContainText('Email: daily digest');
  await expect(card.getByTestId('saved-search-new')).toHaveText('Nothing new');
  await expectNoSeriousA11yViolations(page, { include: 'main', label: '/searches with a saved search' });

  // Open: the archive with the same filters in the URL, the 7 days still a rolling window (not a fixed first day).
  await card.getByRole('button', { name: `Open ${tag} Fintech A` }).click();
  await expect(page).toHaveURL(/\/historical\?/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('industry')).toEqual(['Fintech']);
  expect(url.searchParams.getAll('fundingRound')).toEqual(['Series A']);
  expect(url.searchParams.get('minFunding')).toBe('5000000');
  expect(url.searchParams.get('q')).toBe(tag);
  expect(url.searchParams.get('range')).toBe('7d');
  expect(url.searchParams.has('dateStart')).toBe(false);
  await expect(page.getByLabel('Date range')).toHaveValue('7d');
  await expect(page.getByTestId('lead-card').filter({ hasText: `${tag} Ledger` })).toBeVisible();

  // Edit: a new name, one filter chip removed.
  await page.goto('/searches');
  await savedSearch(page, `${tag} Fintech A`)
    .getByRole('button', { name: `Edit ${tag} Fintech A` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit saved search' });
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]', label: 'the Edit dialog' });
  await edit.getByLabel('Name').fill(`${tag} Fintech any round`);
  await edit.getByRole('button', { name: 'Remove Round: Series A' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const edited = savedSearch(page, `${tag} Fintech any round`);
  await expect(edited.getByTestId('saved-search-summary')).toHaveText(`Every round in Fintech, at least $5,000,000, matching “${tag}”, last 7 days`);

  // An alert mail's link (/historical?savedSearch=<id>&<filters>, the window as lastDays) opens the archive on the search.
  const list = (await (await page.request.get('/api/saved-searches')).json()) as { savedSearches: { id: string; name: string }[] };
  const id = list.savedSearches.find((entry) => entry.name === `${tag} Fintech any round`)?.id ?? '';
  const viewed = page.waitForResponse((response) => response.url().endsWith(`/api/saved-searches/${id}/viewed`) && response.ok());
  await page.goto(`/historical?savedSearch=${id}&industry=Fintech&q=${tag}&lastDays=30`);
  await viewed;
  await expect(page).toHaveURL(new RegExp(`/historical\\?industry=Fintech&q=${tag}&range=30d$`));
  await expect(page.getByTestId('lead-card').filter({ hasText: `${tag} Ledger` })).toBeVisible();
  await page.goto('/searches');

  // Delete, after a confirmation.
  await edited.getByRole('button', { name: `Delete ${tag} Fintech any round` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${tag} Fintech any round”?` });
  await confirm.getByRole('button', { name: 'Delete search' }).click();
  await expect(toast(page, `Deleted “${tag} Fintech any round”`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No saved searches yet' })).toBeVisible();
  // The page itself (sonner's toasts fading in are not checked).
  await expectNoSeriousA11yViolations(page, { include: 'main', label: '/searches empty' });
});

test('an API key made on /profile calls /api/v1 until it is revoked', async ({ subscriber, request, browser }) => {
  const { page } = subscriber;
  await page.goto('/profile');
  const card = page.getByTestId('api-keys-card');
  await expect(card.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/api/docs');
  await expect(card.getByText('No keys yet.')).toBeVisible();
  await card.getByLabel('Key name').fill('E2E sync');
  await card.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByText('shown only this once')).toBeVisible();
  const key = (await dialog.getByTestId('api-key-secret').textContent()) ?? '';
  expect(key).toMatch(/^fw_[A-Za-z0-9_-]{43,}$/);
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]', label: 'the new key dialog' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = card.getByTestId('api-key').filter({ hasText: 'E2E sync' });
  await expect(row).toContainText(`${key.slice(0, 6)}`);
  await expect(row).toContainText('Never used');
  await expect(row).not.toContainText(key);
  await expectNoSeriousA11yViolations(page, { include: '[data-testid="api-keys-card"]', label: 'the API keys card' });

  // The key works without any cookie (the test's own request context has none).
  const authorized = await request.get(`${appUrl}/api/v1/leads?limit=5`, { headers: { authorization: `Bearer ${key}` } });
  expect(authorized.status()).toBe(200);
  expect(authorized.headers()['ratelimit-limit']).toBe('120');
  expect(Number(authorized.headers()['ratelimit-remaining'])).toBeLessThan(120);
  expect(authorized.headers()['ratelimit-reset']).toMatch(/^\d+$/);

  await row.getByRole('button', { name: 'Revoke E2E sync' }).click();
  await page.getByRole('dialog', { name: 'Revoke “E2E sync”?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(toast(page, 'Revoked “E2E sync”')).toBeVisible();
  await expect(card.getByText('No keys yet.')).toBeVisible();
  const revoked = await request.get(`${appUrl}/api/v1/leads?limit=5`, { headers: { authorization: `Bearer ${key}` } });
  expect(revoked.status()).toBe(401);

  // Without a subscription the card says keys need one.
  const account = await createAccount(request, uniqueEmail('nokeys'));
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await signInBrowser(other, account);
    await other.goto('/profile');
    await expect(other.getByTestId('api-keys-locked')).toHaveText(/API keys need an active subscription/);
  } finally {
    await context.close();
    await deleteAccount(account.userId);
  }
});

test('Send test event reaches a local webhook, signed, and the delivery is listed', async ({ subscriber }) => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers[name] = value;
      received.push({ headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  try {
    const { page } = subscriber;
    const tag = `wh${Date.now().toString(36)}`;
    // Saved from the archive: its "Last 30 Days" preset is a rolling window.
    await page.goto(`/historical?range=30d&q=${tag}`);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await expect(dialog.getByTestId('saved-search-dialog-summary')).toHaveText(`Every round, matching “${tag}”, last 30 days`);
    await dialog.getByLabel('Name').fill(`${tag} hook`);
    await dialog.getByLabel('Webhook URL (optional)', { exact: true }).fill(hookUrl);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/searches');
    const card = savedSearch(page, `${tag} hook`);
    await expect(card).toContainText('Alerts: Webhook');
    const secretBox = card.getByTestId('webhook-secret');
    await expect(secretBox).not.toContainText(/whsec_[A-Za-z0-9+/=]{8}/);
    await card.getByRole('button', { name: 'Show secret' }).click();
    await expect(secretBox).toHaveText(/^whsec_/);
    const secret = (await secretBox.textContent()) ?? '';
    await expect(card.getByText('No deliveries yet.')).toBeVisible();

    await card.getByRole('button', { name: 'Send test event' }).click();
    const outcome = card.getByTestId('test-event-outcome');
    await expect(outcome).toHaveText('Test event queued. Its outcome shows here as soon as it is sent.');
    // The e2e server runs the alert job every second (SAVED_SEARCH_ALERTS_EVERY_MS in playwright.config.ts).
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The outcome shows within seconds of the delivery (the panel asks every second while it waits), with a toast.
    await expect(outcome).toHaveText(/^Test event delivered \(status 200, \d+ ms\)\.$/, { timeout: 5_000 });
    await expect(toast(page, 'Test event delivered')).toBeVisible();
    const [delivery] = received;
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers) as { type: string; data: { savedSearch: { name: string } } };
    expect(payload.type).toBe('leads.matched');
    expect(payload.data.savedSearch.name).toBe(`${tag} hook`);

    const row = card.getByTestId('delivery-row').first();
    await expect(row).toContainText('Delivered', { timeout: 10_000 });
    await expect(row).toContainText('Webhook (test)');
    await expect(row).toContainText('200');
    await expectNoSeriousA11yViolations(page, { include: 'main', label: '/searches with deliveries' });

    // Rotating gives a new secret, after a confirmation.
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    await expect(toast(page, 'Secret rotated')).toBeVisible();
    await expect(secretBox).toHaveText(/^whsec_/);
    await expect(secretBox).not.toHaveText(secret);

    // On a phone: the deliveries are a list, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(card.getByTestId('deliveries-list')).toBeVisible();
    await expect(card.getByTestId('deliveries-table')).toBeHidden();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, { include: 'main', label: '/searches at 375 px' });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
