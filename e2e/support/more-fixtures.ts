// Helpers for the billing and admin specs: the admin account, subscribing through the test-mode
// checkout API, direct reads of the e2e database, and toasts.
import type { Me, PublicConfig } from '@fundwire/shared';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminAccount, appUrl, createAccount, grantSubscription, signInBrowser, uniqueEmail, type Account } from './fixtures.js';

/** ADMIN_EMAIL in playwright.config.ts: the one account the server makes admin (once verified). */
export const E2E_ADMIN_EMAIL = ADMIN_EMAIL;
export const E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;

/** The admin account: signed in if it already exists in this run's database, signed up and verified otherwise. */
export async function ensureAdminAccount(request: APIRequestContext): Promise<Account> {
  return adminAccount(request);
}

/** Signs the page's context in as the admin (creating the account first if needed). */
export async function signInAsAdmin(page: Page): Promise<Account> {
  const admin = await ensureAdminAccount(page.request);
  await signInBrowser(page, admin);
  const me = (await (await page.request.get(`${appUrl}/api/me`)).json()) as { user: { role: string } };
  expect(me.user.role, 'ADMIN_EMAIL gets the admin role').toBe('admin');
  return admin;
}

/** A fresh account with a subscription row, signed in in a new browser context of its own. */
export async function subscriberContext(browser: Browser, request: APIRequestContext, prefix = 'subscriber'): Promise<{ context: BrowserContext; page: Page; account: Account }> {
  const account = await createAccount(request, uniqueEmail(prefix));
  await grantSubscription(account.userId);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(page, account);
  return { context, page, account };
}


/** The price id the server sells a plan under (GET /api/public-config). */
export async function priceIdFor(request: APIRequestContext, plan: 'monthly' | 'annual'): Promise<string> {
  const response = await request.get(`${appUrl}/api/public-config`);
  expect(response.ok()).toBe(true);
  const config = (await response.json()) as PublicConfig;
  const priceId = config.billing?.plans[plan].priceId;
  expect(priceId, 'public-config lists the plan price ids').toBeTruthy();
  return priceId!;
}

/**
 * Subscribes the signed-in `request` context through the test-mode checkout API, as the pricing and
 * checkout pages do: create a session, then Pay. Returns the checkout session id.
 */
export async function subscribeViaTestCheckout(request: APIRequestContext, plan: 'monthly' | 'annual' = 'monthly'): Promise<string> {
  const created = await request.post(`${appUrl}/api/create-checkout-session`, { headers: { origin: appUrl }, data: { priceId: await priceIdFor(request, plan) } });
  expect(created.ok(), await created.text()).toBe(true);
  const session = (await created.json()) as { id: string; url: string };
  expect(session.url).toContain(`/checkout/test/${session.id}`);
  const paid = await request.post(`${appUrl}/api/checkout/test/${encodeURIComponent(session.id)}/pay`, { headers: { origin: appUrl } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return session.id;
}

export type MeResponse = Me;

export async function fetchMe(request: APIRequestContext): Promise<MeResponse> {
  const response = await request.get(`${appUrl}/api/me`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MeResponse;
}

/** One statement against the e2e database. */
export async function sql<Row extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A sonner toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** A date as the web app's billing screens write it ("November 29, 2026"), in the browser's time zone. */
export async function billingDateInBrowser(page: Page, iso: string): Promise<string> {
  return page.evaluate((value) => new Date(value).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }), iso);
}
