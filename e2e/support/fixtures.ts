// Test fixtures: accounts made through the real API, subscriptions written to the e2e database,
// and the mail the SMTP receiver caught.
import type { Contact, Lead, LeadListResponse } from '@fundwire/shared';
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

/** Must not contain the address's local part ("admin"): the password rule refuses that. */
export const ADMIN_PASSWORD = 'e2e-boss-passphrase-1';
export const VERIFY_MAIL_SUBJECT = 'Confirm your Fundwire email address';

/** How many verification mails `to` has had so far (pass it to verificationLink to wait for the next). */
export async function verificationMailCount(request: APIRequestContext, to: string): Promise<number> {
  const mails = (await (await request.get(`${mailApi}/mails`)).json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.includes(to) && mail.subject === VERIFY_MAIL_SUBJECT).length;
}

/** The link in the verification mail number `after + 1` to `to`, waiting for it to arrive. */
export async function verificationLink(request: APIRequestContext, to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await request.get(`${mailApi}/mails`)).json()) as CaughtMail[];
    const mail = mails.filter((candidate) => candidate.to.includes(to) && candidate.subject === VERIFY_MAIL_SUBJECT)[after];
    const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${to} within ${timeoutMs} ms`);
}

/**
 * The admin account (ADMIN_EMAIL), signed up the first time a test asks for it in a run, its address
 * verified through the mailed link (the admin role waits for that), and signed in after that. Only the
 * one run-wide account can hold the role, so tests share it.
 */
export async function adminAccount(request: APIRequestContext): Promise<Account> {
  const signIn = await request.post(`${appUrl}/api/auth/sign-in/email`, {
    headers: { origin: appUrl },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  if (signIn.ok()) {
    const body = (await signIn.json()) as { user: { id: string; emailVerified: boolean } };
    if (body.user.emailVerified) return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, userId: body.user.id };
    // Signed up but never verified (a test stopped half-way): ask for a fresh link.
    const before = await verificationMailCount(request, ADMIN_EMAIL);
    const resend = await request.post(`${appUrl}/api/auth/send-verification-email`, {
      headers: { origin: appUrl },
      data: { email: ADMIN_EMAIL, callbackURL: '/profile' },
    });
    expect(resend.ok(), await resend.text()).toBe(true);
    await followLink(request, await verificationLink(request, ADMIN_EMAIL, before));
    return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, userId: body.user.id };
  }
  const before = await verificationMailCount(request, ADMIN_EMAIL);
  const account = await createAccount(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await followLink(request, await verificationLink(request, ADMIN_EMAIL, before));
  return account;
}

/** The admin link ends the account's sessions and lands on the set-a-new-password form: set ADMIN_PASSWORD there, sign in again. */
async function followLink(request: APIRequestContext, link: string): Promise<void> {
  const response = await request.get(link, { maxRedirects: 0 });
  expect(response.status(), 'the verification link redirects to the set-a-password form').toBe(302);
  const landing = new URL(response.headers().location ?? '', appUrl);
  expect(landing.pathname).toBe('/reset-password');
  const reset = await request.post(`${appUrl}/api/auth/reset-password`, {
    headers: { origin: appUrl },
    data: { token: landing.searchParams.get('token'), newPassword: ADMIN_PASSWORD },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  // The sign-up's session ended with the link: callers use `request` as the admin, so sign it in again.
  const signIn = await request.post(`${appUrl}/api/auth/sign-in/email`, { headers: { origin: appUrl }, data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

/** Every URL the main frame went to, in order: full loads and client-side (history API) changes alike. */
export function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && visited.at(-1) !== frame.url()) visited.push(frame.url());
  });
  return visited;
}

/** The local calendar day `days` before `from`, as the web app sends it (YYYY-MM-DD). */
export function localDay(from: Date, days = 0): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() - days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** What GET /api/leads answers, as the shared schemas define it: the e2e tests read the API with the server's own types. */
export type ApiContact = Contact;
export type ApiLead = Lead;
export type ApiLeadPage = LeadListResponse;

export type LeadFilterParams = Record<string, string>;

/** One page of GET /api/leads, as the signed-in `request` context sees it. */
export async function fetchLeadPage(request: APIRequestContext, filter: LeadFilterParams, page = 1, limit = 20): Promise<ApiLeadPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit), ...filter });
  const response = await request.get(`${appUrl}/api/leads?${query.toString()}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ApiLeadPage;
}

/** Every lead matching `filter`, in the API's order. */
export async function fetchAllLeads(request: APIRequestContext, filter: LeadFilterParams): Promise<ApiLead[]> {
  const all: ApiLead[] = [];
  for (let page = 1; ; page++) {
    const body = await fetchLeadPage(request, filter, page, 100);
    all.push(...body.leads);
    if (!body.hasMore) return all;
  }
}

export interface NewLead {
  companyName: string;
  domain: string;
  /** null: unknown (decision 023). */
  industry: string | null;
  /** null: undisclosed. */
  fundingAmount: number | null;
  fundingRound: string | null;
  roundLabel?: string | null;
  location: string | null;
  fundingDate: string;
  description: string;
  contacts: ApiContact[];
}

/**
 * Writes leads straight into the e2e database and bumps the leads version, as every lead write in the
 * server does, so its list and stats caches see them. Specs seed this way so any of them can add leads
 * without an admin session; admin.spec drives the admin API and screens themselves.
 */
export async function insertLeads(newLeads: NewLead[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const ids: string[] = [];
  try {
    await client.query('begin');
    for (const lead of newLeads) {
      const inserted = await client.query<{ id: string }>(
        `insert into leads (company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, identity_key, round_label)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'e2e|' || gen_random_uuid(), $9) returning id`,
        [lead.companyName, lead.domain, lead.industry, lead.fundingAmount, lead.fundingRound, lead.location, lead.fundingDate, lead.description, lead.roundLabel ?? null],
      );
      const leadId = inserted.rows[0]!.id;
      ids.push(leadId);
      for (const [position, contact] of lead.contacts.entries()) {
        await client.query(`insert into contacts (lead_id, position, name, role, email, linked_in) values ($1, $2, $3, $4, $5, $6)`, [
          leadId,
          position,
          contact.name,
          contact.role,
          contact.email ?? '',
          contact.linkedIn,
        ]);
      }
    }
    await client.query(BUMP_LEADS_VERSION);
    await client.query('commit');
    return ids;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

const BUMP_LEADS_VERSION = `insert into app_meta (key, value) values ('leads_version', '1')
  on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()`;

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Removes leads (with their contacts) and any company left without a round, and tells the server's caches. */
export async function deleteLeads(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await withClient(async (client) => {
    await client.query('begin');
    await client.query('delete from leads where id = any($1::uuid[])', [ids]);
    await client.query('delete from companies c where not exists (select 1 from leads l where l.company_id = c.id)');
    await client.query(BUMP_LEADS_VERSION);
    await client.query('commit');
  });
}

/** Removes an account and everything that hangs off it (sessions, subscription, alert settings, visits). */
export async function deleteAccount(userId: string): Promise<void> {
  await withClient((client) => client.query('delete from users where id = $1', [userId]));
}

export interface Fixtures {
  /** Inserts leads for this test (their ids are returned); they are deleted when the test ends. */
  seedLeads: (leads: NewLead[]) => Promise<string[]>;
  /** A new account with an active subscription, signed in on a browser context of its own; the context is
   * closed and the account deleted when the test ends. */
  subscriber: { page: Page; account: Account };
}

export interface WorkerFixtures {
  /** Each worker's server starts its sources' first runs at start-up; a spec that counts leads must not race
   * them, so every worker waits once for those runs and the jobs they queued (enrichment) to finish. */
  sourcesSettled: void;
}

/** The sources the e2e server runs: playwright.config.ts turns on SEC Form D and Fundraising Fox. */
const E2E_SOURCES = ['sec-form-d', 'fundraisingfox'];

/** Each source has finished a run and no job is due: the lead counts hold still until a test changes them. */
async function waitForSettledSources(timeoutMs = 90_000): Promise<void> {
  const settled = async (): Promise<boolean> => {
    const { rows } = await withClient((client) =>
      client.query<{ settled: boolean }>(
        `select (select count(*) from source_state where source = any($1) and last_run_status in ('done', 'failed')) = cardinality($1::text[])
            and not exists (select 1 from jobs where status in ('pending', 'running') and run_after <= now()) as settled`,
        [E2E_SOURCES],
      ),
    );
    return rows[0]?.settled === true;
  };
  await expect.poll(settled, { message: `the first runs of ${E2E_SOURCES.join(' and ')} finished`, timeout: timeoutMs, intervals: [250] }).toBe(true);
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  sourcesSettled: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      await waitForSettledSources();
      await use();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  seedLeads: async ({}, use) => {
    const seeded: string[] = [];
    await use(async (leads) => {
      const ids = await insertLeads(leads);
      seeded.push(...ids);
      return ids;
    });
    await deleteLeads(seeded);
  },
  subscriber: async ({ browser, request }, use) => {
    const account = await createAccount(request, uniqueEmail('subscriber'));
    await grantSubscription(account.userId);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInBrowser(page, account);
    await use({ page, account });
    await context.close();
    await deleteAccount(account.userId);
  },
});

export { expect };
