// bench/enrich: 1,000 new leads enriched against a local Hunter stand-in that answers at once. Each lead is a new
// company without a website, with two people; nine in ten of the stand-in's organisations have an email pattern, the
// rest need one email lookup per person. The enrichment jobs run through the durable queue (backfill → runDue), the
// code path the server runs. Prints provider requests per lead (goal ≤ 1.5) and leads enriched per second (goal ≥ 50).
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ENRICH_COMPANY_JOB, enqueueEnrichmentBackfill, enrichCompany } from '../apps/server/src/modules/enrichment/index.js';
import { upsertLeadBatch, type BulkLead } from '../apps/server/src/modules/leads/index.js';
import { createJobQueue } from '../apps/server/src/queue/queue.js';
import { startHunterStandIn } from '../apps/server/test/hunter-stand-in.js';
import { printTable } from './lib.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000);
/** Set: the run is on a fresh database created (and dropped) on this server, never on the named database itself. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL;
const GOAL_REQUESTS = 1.5;
const GOAL_RATE = 50;

function lead(index: number): BulkLead {
  return {
    companyName: `Bench Enrich ${index} Inc.`,
    domain: '',
    industry: 'SaaS',
    fundingAmount: 1_000_000 + index,
    fundingRound: null,
    roundLabel: 'Form D',
    location: 'Austin, TX',
    fundingDate: '2026-11-20',
    description: 'A bench lead.',
    tags: [],
    source: 'sec-form-d',
    contacts: [
      { name: `Ada${index} Founder`, role: 'Executive Officer', email: null, linkedIn: '' },
      { name: `Alan${index} Director`, role: 'Director', email: null, linkedIn: '' },
    ],
  };
}

/** A fresh database beside BENCH_POSTGRES_URL's, dropped afterwards. */
async function createPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fundwire_bench_enrich_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function main(): Promise<void> {
  const hunter = await startHunterStandIn();
  for (let index = 0; index < LEADS; index++) {
    const domain = `bench-enrich-${index}.example.com`;
    const withPattern = index % 10 !== 0;
    hunter.addOrganisation(`Bench Enrich ${index} Inc.`, { organization: `Bench Enrich ${index}`, domain, pattern: withPattern ? '{first}.{last}' : null });
    if (!withPattern) {
      hunter.addPerson({ domain, firstName: `Ada${index}`, lastName: 'Founder', email: `ada${index}@${domain}`, status: 'valid' });
      hunter.addPerson({ domain, firstName: `Alan${index}`, lastName: 'Director', email: `alan${index}@${domain}`, status: 'accept_all' });
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-enrich-'));
  const postgres = POSTGRES_URL ? await createPostgres(POSTGRES_URL) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    HUNTER_API_KEY: hunter.apiKey,
    HUNTER_API_URL: hunter.url,
    ENRICHMENT_DAILY_LIMIT: String(LEADS * 10),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: postgres ? dataDir : 'memory://' });
  try {
    for (let start = 0; start < LEADS; start += 500) {
      const batch = Array.from({ length: Math.min(500, LEADS - start) }, (_, offset) => lead(start + offset));
      await database.rawTransaction((query) => upsertLeadBatch(query, batch));
    }
    const jobs = createJobQueue({ database, log: pino({ level: 'warn' }) });
    jobs.register<{ companyId: string }>({ kind: ENRICH_COMPANY_JOB, run: async (payload) => void (await enrichCompany({ database, config }, payload.companyId)) });
    const started = performance.now();
    const queued = await enqueueEnrichmentBackfill(database, LEADS);
    const result = await jobs.runDue();
    const seconds = (performance.now() - started) / 1000;
    const counts = await database.rawTransaction((query) =>
      query(`select count(*) filter (where domain <> '')::int as websites,
                    (select count(*)::int from contacts where email <> '') as emails,
                    (select count(*)::int from contacts where email_status = 'verified') as verified
               from leads`),
    );
    const row = counts.rows[0]!;
    const perLead = hunter.requests.length / LEADS;
    const rate = LEADS / seconds;
    printTable(
      ['database', 'leads', 'jobs done', 'websites', 'emails', 'verified', 'provider requests', 'requests/lead', 'seconds', 'leads/s', 'load avg'],
      [
        [
          database.kind,
          LEADS,
          `${result.done}/${queued}`,
          Number(row.websites),
          Number(row.emails),
          Number(row.verified),
          hunter.requests.length,
          perLead.toFixed(2),
          seconds.toFixed(1),
          rate.toFixed(0),
          os.loadavg()[0]!.toFixed(2),
        ],
      ],
    );
    console.log(`goals: requests/lead ≤ ${GOAL_REQUESTS} ${perLead <= GOAL_REQUESTS ? 'met' : 'MISSED'}; leads/s ≥ ${GOAL_RATE} ${rate >= GOAL_RATE ? 'met' : 'MISSED'}`);
    await jobs.stop();
  } finally {
    await database.close();
    await postgres?.drop();
    await hunter.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
