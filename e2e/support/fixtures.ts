// Test fixtures: accounts made through the real API, subscriptions written to the e2e database,
// and the mail the SMTP receiver caught.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';

export const appUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;
export const mailApi = `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}`;
export const ADMIN_EMAIL = 'admin@e2e.example.com';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  userId: string;
}

export async function createAccount(request: APIRequestContext, email = uniqueEmail('user'), password = 'e2e-password-1'): Promise<Account> {
  const response = await request.post(`${appUrl}/api/auth/sign-up/email`, {
    headers: { origin: appUrl },
    data: { email, password, name: email.split('@')[0] },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { id: string } };
  return { email, password, userId: body.user.id };
}

export async function grantSubscription(userId: string, status = 'active'): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into subscriptions (user_id, status, price_id, current_period_end) values ($1, $2, 'price_e2e_monthly', now() + interval '30 days')
       on conflict (user_id) do update set status = excluded.status`,
      [userId, status],
    );
  } finally {
    await client.end();
  }
}

/** Signs the page's browser context in through the API (the cookie lands in the context). */
export async function signInBrowser(page: Page, account: Account): Promise<void> {
  const response = await page.request.post(`${appUrl}/api/auth/sign-in/email`, {
    headers: { origin: appUrl },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export async function waitForMail(request: APIRequestContext, to: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await request.get(`${mailApi}/mails`)).json()) as CaughtMail[];
    const found = mails.filter((mail) => mail.to.includes(to)).pop();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export async function setOidcUser(request: APIRequestContext, user: { sub: string; email: string; name: string }): Promise<void> {
  await request.post(`${mailApi}/oidc-user`, { data: user });
}

export const test = base;
export { expect };
