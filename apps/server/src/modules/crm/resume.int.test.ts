// A server killed in the middle of a push: its lease runs out, a second instance takes the job over and finishes
// it from where the first stopped, and HubSpot ends up with exactly one company, contact and note per lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createTestDatabase, signUp, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { connectHubspot, createLeads, crmStandInEnv, fastCrmRetries, readPush, startPush } from '../../../test/crm.js';
import { startHubspotStandIn, type HubspotStandIn } from '../../../test/hubspot-stand-in.js';
import { subscriptions } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/helpers.js';

describe('a push survives a server killed mid-way', () => {
  let hubspot: HubspotStandIn;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    hubspot = await startHubspotStandIn();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await hubspot.close();
    await database.dispose();
  });

  async function instance(): Promise<TestApp> {
    const config = testConfig(crmStandInEnv(hubspot));
    const app = await buildApp(config, { database: database.database, logger: false, runJobs: false });
    await app.ready();
    apps.push(app);
    const t = { app, database: database.database, config, logs: [], mails: [], close: () => app.close() };
    fastCrmRetries(t);
    return t;
  }

  it('resumes on another instance after the lease runs out, with no duplicate', { timeout: 60_000 }, async () => {
    const first = await instance();
    const account = await signUp(first.app, `resume-${Date.now()}@example.com`);
    await database.database.db.insert(subscriptions).values({ userId: account.userId, status: 'active', priceId: 'price_test_monthly' });
    const headers = { cookie: account.cookie, origin: first.config.appUrl };
    await connectHubspot(first, headers);
    const leads = await createLeads(first, 6, { contacts: 1 });
    const push = await startPush(first, headers, 'hubspot', leads.map((lead) => lead.id));

    // The third note never gets an answer: the first instance is stuck there when it "dies".
    hubspot.faults.push({ method: 'POST', path: '/crm/v3/objects/notes', status: 0, hang: true, after: 2 });
    // A dead process never times out and tries again: the first instance waits on its request until it is closed.
    first.app.crm.http.timeoutMs = 600_000;
    const stuck = first.app.jobs.runDue({ kinds: ['crm.push'] });
    for (let waited = 0; hubspot.hanging() === 0; waited += 20) {
      if (waited > 20_000) throw new Error('the first instance never reached the third note');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const midway = await readPush(first, headers, push.id);
    expect(midway).toMatchObject({ status: 'running', done: 2, failed: 0 });

    // Its lease runs out (as when the process is gone), and a second instance takes over.
    await database.database.rawTransaction((query) => query(`update jobs set lease_expires_at = now() - interval '1 second' where kind = 'crm.push'`));
    const second = await instance();
    expect(await second.app.jobs.runDue({ kinds: ['crm.push'] })).toEqual({ done: 1, failed: 0, retried: 0 });
    const finished = await readPush(second, headers, push.id);
    expect(finished).toMatchObject({ status: 'done', total: 6, done: 6, failed: 0 });

    // The first instance is gone for good: its stuck request is cut and it writes nothing more.
    await first.app.close();
    hubspot.release();
    await stuck;
    expect(await readPush(second, headers, push.id)).toMatchObject({ status: 'done', done: 6, failed: 0 });
    for (const lead of leads) {
      const companies = [...hubspot.companies.values()].filter((company) => company.properties.domain === lead.domain);
      expect(companies).toHaveLength(1);
      expect([...hubspot.notes.values()].filter((note) => note.companyIds.includes(companies[0]!.id))).toHaveLength(1);
      expect([...hubspot.contacts.values()].filter((contact) => contact.properties.email === lead.contacts[0]!.email)).toHaveLength(1);
    }
  });
});
