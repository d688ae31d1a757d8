// Issue 32 on screen: /integrations connects HubSpot through its own authorize page (the HubSpot stand-in in
// support/stack.ts), a lead goes to HubSpot from the table, the push's progress shows, the row then says "In HubSpot"
// with a link to the company record, and Disconnect forgets the connection.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, createAccount, deleteAccount, expect, localDay, signInBrowser, test, uniqueEmail, type NewLead } from '../support/fixtures.js';

function lead(companyName: string): NewLead {
  return {
    companyName,
    domain: `${companyName.toLowerCase().replace(/\s+/g, '-')}.example.com`,
    industry: 'Fintech',
    fundingAmount: 4_000_000,
    fundingRound: 'Seed',
    location: 'Austin, TX',
    fundingDate: localDay(new Date(), 1),
    description: 'A round for the CRM test.',
    contacts: [{ name: 'Robin Example', role: 'CEO', email: 'robin@crm-e2e.example.com', linkedIn: '' }],
  };
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

function hubspotCard(page: Page) {
  return page.getByRole('region', { name: 'HubSpot' });
}

test('connect HubSpot, send a lead from the table, see it "In HubSpot" with its link, then disconnect', async ({ subscriber, seedLeads }) => {
  test.setTimeout(180_000);
  const { page } = subscriber;
  const tag = `crm${Date.now().toString(36)}`;
  const company = `${tag} Rocketry`;
  const [leadId] = await seedLeads([lead(company)]);

  // Not connected: the dashboard's selection offers a way to connect, and no row has a Send button.
  await page.goto(`/dashboard?q=${tag}`);
  await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Table' }).click();
  const row = page.getByTestId('lead-table').getByTestId('lead-row').filter({ hasText: company });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Send ${company} to HubSpot` })).toHaveCount(0);
  await row.getByRole('checkbox', { name: `Select ${company}` }).check();
  await page.getByTestId('selection-bar').getByRole('link', { name: 'Connect a CRM' }).click();

  // /integrations, reached from the selection bar as from the user menu.
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page).toHaveTitle(/Integrations/);
  const connect = hubspotCard(page).getByRole('link', { name: 'Connect HubSpot' });
  await expect(connect).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pipedrive' }).getByLabel('Pipedrive API token')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'main', label: '/integrations before connecting' });

  // HubSpot's authorize page (the stand-in's), then back to /integrations with the connected portal.
  await connect.click();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await page.getByRole('link', { name: 'Authorize' }).or(page.getByRole('button', { name: 'Authorize' })).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByTestId('integration-notice')).toHaveText('HubSpot connected');
  await expect(hubspotCard(page).getByTestId('hubspot-connected')).toContainText('Connected to');
  await expectNoSeriousA11yViolations(page, { include: 'main', label: '/integrations with HubSpot connected' });

  // Send the lead from its table row: the progress dialog counts it, then the row links to its record.
  await page.goto(`/dashboard?q=${tag}`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Send ${company} to HubSpot` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('crm-push-progress')).toHaveText('1 of 1 sent', { timeout: 30_000 });
  await expect(dialog.getByRole('heading', { name: 'Sent to HubSpot' })).toBeVisible();
  await expect(dialog.getByTestId('crm-push-result')).toHaveAttribute('data-status', 'done');
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]', label: 'the push progress dialog' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const records = await page.request.get(`${appUrl}/api/crm/records?leadIds=${leadId}`);
  expect(records.ok(), await records.text()).toBe(true);
  const [record] = ((await records.json()) as { records: { leadId: string; crm: string; crmCompanyUrl: string }[] }).records;
  expect(record).toMatchObject({ leadId, crm: 'hubspot' });
  const inHubspot = row.getByRole('link', { name: /^In HubSpot/ });
  await expect(inHubspot).toBeVisible();
  await expect(inHubspot).toHaveAttribute('href', record!.crmCompanyUrl);
  await expect(inHubspot).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(page, { include: 'main', label: 'the dashboard table with a lead in HubSpot' });

  // Cards say it too; at 375 px nothing scrolls sideways and the selection bar offers "Send 1 to HubSpot".
  await page.setViewportSize({ width: 375, height: 740 });
  const item = page.getByTestId('lead-list-item').filter({ hasText: company });
  await expect(item.getByRole('link', { name: /^In HubSpot/ })).toBeVisible();
  await item.getByRole('checkbox', { name: `Select ${company}` }).check();
  await expect(page.getByTestId('selection-bar').getByRole('button', { name: 'Send 1 to HubSpot' })).toBeVisible();
  expect(await horizontalOverflow(page), 'no horizontal scroll at 375 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, { include: 'main', label: 'the dashboard at 375 px with a CRM connected' });

  await page.goto('/integrations');
  await expect(hubspotCard(page).getByTestId('hubspot-connected')).toBeVisible();
  expect(await horizontalOverflow(page), 'no horizontal scroll at 375 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, { include: 'main', label: '/integrations at 375 px' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A saved search can send its new matches to the connected CRM.
  await page.goto(`/dashboard?q=${tag}`);
  await page.getByRole('button', { name: 'Save search' }).click();
  const save = page.getByRole('dialog', { name: 'Save search' });
  await save.getByLabel('Name').fill(`${tag} to HubSpot`);
  await save.getByLabel('Send new matches to a CRM').selectOption('hubspot');
  await save.getByRole('button', { name: 'Save search' }).click();
  await expect(save).toBeHidden();
  const searches = (await (await page.request.get(`${appUrl}/api/saved-searches`)).json()) as { savedSearches: { name: string; alerts: { crm: string | null } }[] };
  expect(searches.savedSearches.find((search) => search.name === `${tag} to HubSpot`)?.alerts.crm).toBe('hubspot');
  await page.goto('/searches');
  const saved = page.getByTestId('saved-search').filter({ has: page.getByRole('heading', { name: `${tag} to HubSpot` }) });
  await expect(saved).toContainText('Alerts: HubSpot');

  // Disconnect, after a confirmation: Connect is offered again, and the rows lose their Send button.
  await page.goto('/integrations');
  await hubspotCard(page).getByRole('button', { name: 'Disconnect HubSpot' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect HubSpot?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(confirm).toBeHidden();
  await expect(hubspotCard(page).getByRole('link', { name: 'Connect HubSpot' })).toBeVisible();
  const after = (await (await page.request.get(`${appUrl}/api/integrations`)).json()) as { hubspot: { connected: boolean } };
  expect(after.hubspot.connected).toBe(false);
  await page.goto(`/dashboard?q=${tag}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Send ${company} to HubSpot` })).toHaveCount(0);
  // What was sent stays in HubSpot, and the link to it stays here.
  await expect(row.getByRole('link', { name: /^In HubSpot/ })).toHaveAttribute('href', record!.crmCompanyUrl);

  // The saved search still names HubSpot, and its Edit dialog says nothing is sent there now.
  await page.goto('/searches');
  await saved.getByRole('button', { name: `Edit ${tag} to HubSpot` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit saved search' });
  await expect(edit.getByLabel('Send new matches to a CRM')).toHaveValue('hubspot');
  await expect(edit.getByLabel('Send new matches to a CRM').locator('option:checked')).toHaveText('HubSpot (not connected: nothing is sent)');
});

test('/integrations without a subscription says why, and how to subscribe', async ({ browser, request }) => {
  const account = await createAccount(request, uniqueEmail('nosub'));
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInBrowser(page, account);
    await page.goto('/profile');
    await page.getByTestId('profile-integrations').getByRole('link', { name: 'Manage integrations' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Sending leads to a CRM needs an active subscription' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Connect HubSpot' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: 'main', label: '/integrations without a subscription' });
  } finally {
    await context.close();
    await deleteAccount(account.userId);
  }
});
