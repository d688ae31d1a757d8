// bench/ingest-dataset: the Fundraising Fox source on PostgreSQL (BENCH_POSTGRES_URL, else TEST_DATABASE_URL):
// a 111,000-row release served by the local dataset stand-in, ingested through the source's own run (streamed
// CSV, 1,000 rows per transaction, stored hashes looked up per batch, merge pass per batch) into a fresh schema;
// then the same release again (a 304: one request, no writes). Goals: >= 2,000 rows/s, <= +150 MB peak RSS,
// unchanged release < 1 s.
import os from 'node:os';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runFundraisingFox } from '../apps/server/src/sources/fundraisingfox/run.js';
import { datasetLine, FUNDRAISINGFOX_HEADER, startFundraisingFoxStandIn } from '../apps/server/test/fundraisingfox-stand-in.js';
import { printTable } from './lib.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 111_000);
const url = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_dataset_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${schema}`);
const databaseUrl = Object.assign(new URL(url), { pathname: `/${schema}` }).toString();
const fox = await startFundraisingFoxStandIn();
fox.setStream('release-1', async function* () {
  yield `${FUNDRAISINGFOX_HEADER}\r\n`;
  let chunk = '';
  for (let index = 0; index < ROWS; index++) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    chunk += datasetLine({ slug: `company-${index}`, name: `Company ${index}`, domain: index % 3 === 0 ? '' : `company-${index}.io`, date: `2026-0${1 + (index % 9)}-${day}`, stage: index % 2 ? 'Seed' : '', amount: index % 5 ? 1_000_000 + index : null, basis: index % 2 ? 'press' : 'sec_filing' });
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
});
const config = { ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl, FUNDRAISINGFOX_URL: fox.url, DEMO_DATA: '0', NODE_ENV: 'test' }) };
const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
try {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const first = await runFundraisingFox({ database, config, owner: 'bench' }, { days: ['bench'] });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const again = performance.now();
  const second = await runFundraisingFox({ database, config, owner: 'bench' }, { days: ['bench'] });
  const unchangedMs = performance.now() - again;
  const created = first.days[0]?.created ?? 0;
  printTable(
    ['rows', 'created', 'seconds', 'rows/s (goal >= 2,000)', 'peak RSS over start (goal <= 150 MB)', 'unchanged release (goal < 1 s)', 'load (uptime)'],
    [[ROWS, created, seconds.toFixed(1), Math.round(ROWS / seconds), `${((peak - rssBefore) / 1e6).toFixed(0)} MB`, `${unchangedMs.toFixed(0)} ms (${second.days[0]?.status}, ${fox.requests.at(-1)?.status})`, os.loadavg().map((value) => value.toFixed(2)).join(' ')]],
  );
} finally {
  await database.close();
  await fox.close();
  await admin.query(`drop database ${schema}`);
  await admin.end();
}
