// bench/crm: 500 leads pushed to the HubSpot stand-in in one push (issue 32), through the real push job with
// HubSpot's real limit (100 requests per 10 s per account). Prints the requests per lead (goal: at most 4 with
// batching) and the push's time against the least that limit allows for that many requests (goal: within 10%).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { subscriptions } from '../apps/server/src/db/schema/index.js';
import { HUBSPOT_REQUESTS_PER_WINDOW, HUBSPOT_WINDOW_MS } from '../apps/server/src/modules/crm/context.js';
import { generateLeads } from '../apps/server/src/seed/generate.js';
import { insertLeads } from '../apps/server/src/seed/insert.js';
import { startHubspotStandIn } from '../apps/server/test/hubspot-stand-in.js';
import { printTable } from './lib.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 500);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-crm-'));
  const hubspot = await startHubspotStandIn();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    HUBSPOT_CLIENT_ID: hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
    HUBSPOT_AUTH_URL: `${hubspot.url}/oauth/authorize`,
    HUBSPOT_API_URL: hubspot.url,
    ENCRYPTION_KEY: 'b2'.repeat(32),
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false, runJobs: false });
  await app.ready();
  try {
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: config.appUrl }, payload: { email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' } });
    const userId = (signUp.json() as { user: { id: string } }).user.id;
    await database.db.insert(subscriptions).values({ userId, status: 'active', priceId: 'price_test_monthly' });
    const cookie = ([] as string[]).concat(signUp.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ');
    const headers = { cookie, origin: config.appUrl };
    const connect = await app.inject({ method: 'GET', url: '/api/integrations/hubspot/connect', headers });
    const page = await (await fetch(String(connect.headers.location))).text();
    const back = new URL(/href="([^"]+)">Authorize</.exec(page)![1]!.replace(/&amp;/g, '&'));
    await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });

    const leads = [...generateLeads({ count: LEADS, seed: 32 })].map(({ createdAt: _createdAt, ...lead }, index) => ({ ...lead, domain: `bench-${index}.${lead.domain || 'example.com'}` }));
    await insertLeads(database, leads);
    const contacts = leads.reduce((sum, lead) => sum + lead.contacts.length, 0);

    const before = hubspot.crmRequests().length;
    const started = performance.now();
    const pushed = await app.inject({ method: 'POST', url: '/api/crm/pushes', headers, payload: { crm: 'hubspot', leadIds: leads.map((lead) => lead.id) } });
    const pushId = (pushed.json() as { push: { id: string } }).push.id;
    await app.jobs.runDue({ kinds: ['crm.push'] });
    const seconds = (performance.now() - started) / 1000;
    const push = (await app.inject({ method: 'GET', url: `/api/crm/pushes/${pushId}`, headers })).json() as { push: { done: number; failed: number } };
    const requests = hubspot.crmRequests().length - before;
    // The first window's worth goes at once; each further 100 waits for a window to pass.
    const floor = (Math.ceil(requests / HUBSPOT_REQUESTS_PER_WINDOW) - 1) * (HUBSPOT_WINDOW_MS / 1000);
    const byPath = new Map<string, number>();
    for (const request of hubspot.crmRequests().slice(before)) {
      const key = `${request.method} ${request.path.replace(/\d+/g, '{id}')}`;
      byPath.set(key, (byPath.get(key) ?? 0) + 1);
    }
    printTable(
      ['leads', 'contacts', 'done', 'failed', 'requests', 'requests/lead', 'goal', 'time (s)', 'limit minimum (s)', 'over minimum', 'load avg (1 min)'],
      [[LEADS, contacts, push.push.done, push.push.failed, requests, (requests / LEADS).toFixed(2), '≤ 4', seconds.toFixed(1), floor.toFixed(0), `${(((seconds - floor) / floor) * 100).toFixed(1)}%`, loadavg()[0]!.toFixed(2)]],
    );
    printTable(['request', 'count'], [...byPath.entries()].sort((a, b) => b[1] - a[1]));
  } finally {
    await app.close();
    await database.close();
    await hubspot.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
