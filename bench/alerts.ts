// bench/alerts: saved-search matching (issue 16). 1,000 saved searches with varied filters (industries, rounds,
// amount ranges, locations, search words, contacts, rolling windows) against batches of 1,000 new leads, on
// PostgreSQL and PGlite. Measured per run: writing the 1,000 leads through the bulk writer with saved searches in
// place (the outbox rows go in the same transaction), and the matcher's run over the batch: one claim, every
// saved search evaluated in SQL, the new matches recorded and the deliveries queued (matchLeadChanges).
// Baseline, in the same process: the same kind of batch written while no saved search exists (no outbox row).
// Target: matching + queueing under 2 s on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FIXED_INDUSTRIES, FUNDING_ROUNDS } from '@fundwire/shared';
// The app's Fastify type augmentations, which the matcher's access check (plugins/access.ts) is typed against.
import type {} from '../apps/server/src/app.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { upsertLeadBatch, type BulkLead } from '../apps/server/src/modules/leads/index.js';
import { matchLeadChanges } from '../apps/server/src/modules/saved-searches/index.js';
import { generateLeads } from '../apps/server/src/seed/generate.js';
import { insertLeads } from '../apps/server/src/seed/insert.js';
import { BENCH_POSTGRES_URL, envNumber, median, printTable } from './lib.js';

const SEARCHES = envNumber('BENCH_SEARCHES', 1_000);
const BATCH = envNumber('BENCH_BATCH', 1_000);
const BASE_LEADS = envNumber('BENCH_BASE_LEADS', 20_000);
const RUNS = envNumber('BENCH_RUNS', 5);
const ONLY = process.env.BENCH_ONLY;
const TARGET_MS = 2_000;
const WORDS = ['payments', 'robots', 'health', 'data', 'cloud', 'security', 'energy', 'insurance', 'logistics', 'platform', 'fin', 'ai'];
const LOCATIONS = ['CA', 'NY', 'TX', 'London', 'Berlin', 'Paris', 'Austin', 'San Francisco'];

/** A deterministic variety of filters: each search combines a few of the list's filters. */
function filterFor(index: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[], salt: number) => list[(index * 7 + salt * 13) % list.length]!;
  const filter: Record<string, unknown> = {};
  switch (index % 6) {
    case 0:
      filter.industry = [pick(FIXED_INDUSTRIES, 1), pick(FIXED_INDUSTRIES, 2)];
      filter.fundingRound = [pick(FUNDING_ROUNDS, 3)];
      break;
    case 1:
      filter.industry = [pick(FIXED_INDUSTRIES, 4)];
      filter.minFunding = 1_000_000 * (1 + (index % 20));
      break;
    case 2:
      filter.q = pick(WORDS, 5);
      break;
    case 3:
      filter.location = pick(LOCATIONS, 6);
      filter.fundingRound = [pick(FUNDING_ROUNDS, 7), pick(FUNDING_ROUNDS, 8)];
      filter.hasContacts = true;
      break;
    case 4:
      filter.q = pick(WORDS, 9);
      filter.industry = [pick(FIXED_INDUSTRIES, 10)];
      filter.lastDays = 30;
      break;
    default:
      filter.minFunding = 500_000;
      filter.maxFunding = 20_000_000 + index * 10_000;
      filter.dateStart = '2020-01-01';
  }
  return filter;
}

function batchOf(run: number, label: string): BulkLead[] {
  return [...generateLeads({ count: BATCH, seed: 1_000 + run * 17 + label.length })].map(({ id: _id, createdAt: _createdAt, ...lead }, index) => ({
    ...lead,
    domain: `${label}${run}-${index}.${lead.domain || 'example.com'}`,
  }));
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await fn();
  return [performance.now() - started, value];
}

async function benchDatabase(database: Database, kind: string): Promise<(string | number)[][]> {
  console.error(`${kind}: seeding ${BASE_LEADS} leads`);
  await insertLeads(database, generateLeads({ count: BASE_LEADS, seed: 7 }));
  // Baseline: batches written while no saved search exists.
  const baseline: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const batch = batchOf(run, 'base');
    const [ms] = await timed(() => database.rawTransaction((query) => upsertLeadBatch(query, batch)));
    baseline.push(ms);
  }
  // 1,000 saved searches across 20 accounts.
  await database.rawTransaction(async (query) => {
    const owners = Array.from({ length: Math.ceil(SEARCHES / 50) }, (_, index) => `bench-owner-${index}`);
    await query(`insert into users (id, name, email) select id, id, id || '@example.com' from unnest($1::text[]) as u(id)`, [owners]);
    // Paying owners: a lapsed owner's matches are paused, not queued.
    await query(`insert into subscriptions (user_id, status) select id, 'active' from unnest($1::text[]) as u(id)`, [owners]);
    const modes = ['instant', 'daily', 'weekly', 'off'];
    await query(
      `insert into saved_searches (user_id, name, filter, email_mode, webhook_url, webhook_secret)
       select u.owner, u.name, u.filter::jsonb, u.mode, u.hook, case when u.hook is null then null else 'whsec_bench' end
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(owner, name, filter, mode, hook)`,
      [
        Array.from({ length: SEARCHES }, (_, index) => owners[Math.floor(index / 50)]!),
        Array.from({ length: SEARCHES }, (_, index) => `Search ${index}`),
        Array.from({ length: SEARCHES }, (_, index) => JSON.stringify(filterFor(index))),
        Array.from({ length: SEARCHES }, (_, index) => modes[index % modes.length]!),
        Array.from({ length: SEARCHES }, (_, index) => (index % 3 === 0 ? 'http://127.0.0.1:9/hook' : null)),
      ],
    );
  });
  const writes: number[] = [];
  const matching: number[] = [];
  const matches: number[] = [];
  const queued: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const batch = batchOf(run, 'new');
    const [writeMs] = await timed(() => database.rawTransaction((query) => upsertLeadBatch(query, batch)));
    const [matchMs, result] = await timed(() => matchLeadChanges(database, { timeZone: 'America/New_York', adminEmail: 'admin@bench.invalid', billingMode: 'test', batchSize: BATCH }));
    if (result.changes !== BATCH) throw new Error(`expected ${BATCH} changes, matched ${result.changes}`);
    writes.push(writeMs);
    matching.push(matchMs);
    matches.push(result.matches);
    queued.push(result.queued);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    [kind, `write ${BATCH} leads, no saved search (baseline)`, s(median(baseline)), '-', '-', '-'],
    [kind, `write ${BATCH} leads + outbox, ${SEARCHES} saved searches`, s(median(writes)), '-', '-', '-'],
    [
      kind,
      `match + queue ${BATCH} leads × ${SEARCHES} saved searches`,
      s(median(matching)),
      median(matches),
      median(queued),
      kind === 'postgres' ? `< ${TARGET_MS / 1000} s` : '-',
    ],
  ];
}

const rows: (string | number)[][] = [];
if (ONLY !== 'pglite') {
  const name = `fundwire_bench_alerts_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    rows.push(...(await benchDatabase(database, 'postgres')));
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
if (ONLY !== 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-alerts-'));
  const database = await openDatabase({ dataDir });
  try {
    rows.push(...(await benchDatabase(database, 'pglite')));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nSaved-search alerts: ${SEARCHES} saved searches, batches of ${BATCH} new leads on ${BASE_LEADS} stored, medians of ${RUNS} runs\n`);
printTable(['database', 'step', 'median', 'new matches', 'queued', 'target'], rows);
