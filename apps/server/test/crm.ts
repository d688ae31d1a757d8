// Test helpers for Send to CRM: the stand-ins and an app pointed at them for a test file, the OAuth dance through
// the stand-in's authorize page, leads with contacts, and a push run to its end.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CrmPush } from '@fundwire/shared';
import { HUBSPOT_REQUESTS_PER_WINDOW } from '../src/modules/crm/context.js';
import { WindowLimiter } from '../src/modules/crm/http.js';
import { insertLeads } from '../src/seed/insert.js';
import type { SeedContact, SeedLead } from '../src/seed/generate.js';
import { buildTestApp, signInAs, type TestApp } from './helpers.js';
import { startHubspotStandIn, type HubspotStandIn } from './hubspot-stand-in.js';
import { startPipedriveStandIn, type PipedriveStandIn } from './pipedrive-stand-in.js';

export const TEST_ENCRYPTION_KEY = 'a1'.repeat(32);

/** The variables that point an app at the stand-ins (at Pipedrive's only when it is given). */
export function crmStandInEnv(hubspot: HubspotStandIn, pipedrive?: PipedriveStandIn): Record<string, string> {
  return {
    HUBSPOT_CLIENT_ID: hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
    HUBSPOT_AUTH_URL: `${hubspot.url}/oauth/authorize`,
    HUBSPOT_API_URL: hubspot.url,
    ...(pipedrive ? { PIPEDRIVE_API_URL: pipedrive.url } : {}),
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  };
}

export async function buildCrmTestApp(hubspot: HubspotStandIn, pipedrive: PipedriveStandIn, overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({ ...crmStandInEnv(hubspot, pipedrive), ...overrides });
  fastCrmRetries(t);
  return t;
}

/** What a CRM test file shares: both stand-ins, the app pointed at them, and the account signed in for the file. */
export interface CrmTestSetup {
  hubspot: HubspotStandIn;
  pipedrive: PipedriveStandIn;
  t: TestApp;
  /** The headers of a subscriber signed in before the first test (with `signIn`). */
  user: Record<string, string>;
}

/**
 * Starts the stand-ins and the app before the file's first test (and signs a subscriber in when asked), and closes
 * them after its last. The fields are set once the file's tests run.
 */
export function useCrmTestApp(options: { hubspot?: Parameters<typeof startHubspotStandIn>[0]; signIn?: boolean } = {}): CrmTestSetup {
  const setup = {} as CrmTestSetup;
  beforeAll(async () => {
    setup.hubspot = await startHubspotStandIn(options.hubspot);
    setup.pipedrive = await startPipedriveStandIn();
    setup.t = await buildCrmTestApp(setup.hubspot, setup.pipedrive);
    if (options.signIn) setup.user = await signInAs(setup.t, 'subscriber');
  });
  afterAll(async () => {
    await setup.t?.close();
    await setup.hubspot?.close();
    await setup.pipedrive?.close();
  });
  return setup;
}

/**
 * The production policy's waits, shortened: a retry after 20 ms, a request given up after 2 s, and HubSpot's 100
 * requests per 10 s as 100 per second (limits.int.test.ts holds the real window).
 */
export function fastCrmRetries(t: TestApp): void {
  Object.assign(t.app.crm.http, { retryBaseMs: 20, timeoutMs: 2_000, maxTries: 3 });
  t.app.crm.hubspotLimiter = new WindowLimiter(HUBSPOT_REQUESTS_PER_WINDOW, 1_000);
}

/** Connect → the stand-in's authorize page → its Authorize link → the callback. Returns where the callback sent the browser. */
export async function connectHubspot(t: TestApp, headers: Record<string, string>): Promise<string> {
  const connect = await t.app.inject({ method: 'GET', url: '/api/integrations/hubspot/connect', headers });
  if (connect.statusCode !== 302) throw new Error(`connect: ${connect.statusCode} ${connect.body}`);
  const page = await (await fetch(String(connect.headers.location))).text();
  const href = /href="([^"]+)">Authorize</.exec(page)?.[1]?.replace(/&amp;/g, '&');
  if (!href) throw new Error(`no Authorize link on ${page}`);
  const back = new URL(href);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  if (callback.statusCode !== 302) throw new Error(`callback: ${callback.statusCode} ${callback.body}`);
  return String(callback.headers.location);
}

export async function connectPipedrive(t: TestApp, headers: Record<string, string>, apiToken = 'pipedrive-token-0123456789abcdef') {
  return t.app.inject({ method: 'PUT', url: '/api/integrations/pipedrive', headers, payload: { apiToken } });
}

let counter = 0;

/** n leads, each with `contacts` contacts (the first `withoutEmail` of them have no email). Returns their ids. */
export async function createLeads(t: TestApp, n: number, options: { contacts?: number; withoutEmail?: number; prefix?: string } = {}): Promise<SeedLead[]> {
  const leads: SeedLead[] = [];
  for (let index = 0; index < n; index++) {
    counter++;
    const tag = `${options.prefix ?? 'crm'}-${counter}-${Date.now().toString(36)}`;
    const contacts: SeedContact[] = Array.from({ length: options.contacts ?? 2 }, (_, position) => ({
      name: `Person${position} Founder${counter}`,
      role: position === 0 ? 'CEO' : 'CTO',
      email: position < (options.withoutEmail ?? 0) ? null : `p${position}@${tag}.example.com`,
      linkedIn: '',
    }));
    leads.push({
      id: randomUUID(),
      companyName: `Company ${tag}`,
      domain: `${tag}.example.com`,
      industry: 'FinTech',
      fundingAmount: 5_000_000,
      fundingRound: 'Series A',
      roundLabel: null,
      location: 'San Francisco, CA',
      fundingDate: '2026-11-01',
      description: 'Payments.',
      tags: [],
      contacts,
    });
  }
  await insertLeads(t.database, leads);
  return leads;
}

export async function startPush(t: TestApp, headers: Record<string, string>, crm: 'hubspot' | 'pipedrive', leadIds: string[]): Promise<CrmPush> {
  const response = await t.app.inject({ method: 'POST', url: '/api/crm/pushes', headers, payload: { crm, leadIds } });
  if (response.statusCode !== 202) throw new Error(`push: ${response.statusCode} ${response.body}`);
  return (response.json() as { push: CrmPush }).push;
}

export async function readPush(t: TestApp, headers: Record<string, string>, id: string): Promise<CrmPush> {
  const response = await t.app.inject({ method: 'GET', url: `/api/crm/pushes/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`read push: ${response.statusCode} ${response.body}`);
  return (response.json() as { push: CrmPush }).push;
}

/** Runs the queue's due CRM jobs and answers the push as the API shows it. */
export async function runPush(t: TestApp, headers: Record<string, string>, id: string): Promise<CrmPush> {
  await t.app.jobs.runDue({ kinds: ['crm.push'] });
  return readPush(t, headers, id);
}
