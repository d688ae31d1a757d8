// "New since your last visit" on /dashboard across two visits: the rounds added in between are marked and
// counted in the header, the older ones are not; a reload in the same tab keeps the marks.
import type { Browser, Page } from '@playwright/test';
import { createAccount, deleteAccount, expect, grantSubscription, localDay, signInBrowser, test, uniqueEmail, type NewLead } from '../support/fixtures.js';

function lead(companyName: string): NewLead {
  return {
    companyName,
    domain: `${companyName.toLowerCase().replace(/\s+/g, '-')}.example.com`,
    industry: 'SaaS',
    fundingAmount: 3_000_000,
    fundingRound: 'Seed',
    location: 'Denver, CO',
    fundingDate: localDay(new Date(), 1),
    description: 'A round for the new-since-last-visit test.',
    contacts: [],
  };
}

async function openDashboard(page: Page, tag: string) {
  // The search narrows the list (and the count) to this test's leads.
  await page.goto(`/dashboard?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Leads' })).toBeVisible();
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
}

function card(page: Page, name: string) {
  return page.getByTestId('lead-card').filter({ has: page.getByRole('heading', { name }) });
}

test('the dashboard marks and counts the rounds added since the previous visit', async ({ browser, request, seedLeads }) => {
  const tag = `visit${Date.now().toString(36)}`;
  await seedLeads([lead(`${tag} Older`)]);
  // One account across several browser sessions (the subscriber fixture is one session).
  const account = await createAccount(request, uniqueEmail('visits'));
  await grantSubscription(account.userId);

  const visit = async (b: Browser) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await signInBrowser(page, account);
    await openDashboard(page, tag);
    return { context, page };
  };

  // First visit: nothing is new yet.
  const first = await visit(browser);
  await expect(card(first.page, `${tag} Older`)).toBeVisible();
  await expect(first.page.getByTestId('lead-new')).toHaveCount(0);
  await expect(first.page.getByTestId('new-since-count')).toHaveCount(0);
  await first.context.close();

  // A round arrives between the visits.
  await seedLeads([lead(`${tag} Newer`)]);

  // Second visit (a new browser session): the newer round is marked, the older is not, and the header counts it.
  const second = await visit(browser);
  await expect(card(second.page, `${tag} Newer`).getByTestId('lead-new')).toBeVisible();
  await expect(card(second.page, `${tag} Older`).getByTestId('lead-new')).toHaveCount(0);
  await expect(second.page.getByTestId('new-since-count')).toContainText('1 new round since your last visit');

  // A reload in the same tab is the same visit: the marks stay.
  await second.page.reload();
  await expect(card(second.page, `${tag} Newer`).getByTestId('lead-new')).toBeVisible();
  await expect(second.page.getByTestId('new-since-count')).toContainText('1 new round since your last visit');
  await second.context.close();

  // The visit after that has nothing new.
  const third = await visit(browser);
  await expect(card(third.page, `${tag} Newer`)).toBeVisible();
  await expect(third.page.getByTestId('lead-new')).toHaveCount(0);
  await expect(third.page.getByTestId('new-since-count')).toContainText('Nothing new since your last visit');
  await third.context.close();
  await deleteAccount(account.userId);
});
