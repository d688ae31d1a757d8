// npm run ingest -- --source sec-form-d --from 2026-11-02 --to 2026-11-20: what the schedule does, for a range,
// through the same runner (day leases, shared request pace), so it is safe beside running servers.
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { newWorkerId } from '../queue/retry.js';
import { releaseDays } from './day-lease.js';
import { edgarToday } from './days.js';
import { INGEST_USAGE, parseIngestArgs } from './ingest-args.js';
import { findSource } from './registry.js';
import { runSource } from './runner.js';

function fail(message: string): never {
  console.error(`ingest: ${message}`);
  process.exit(1);
}

const parsed = parseIngestArgs(process.argv.slice(2), edgarToday());
if ('error' in parsed) fail(`${parsed.error}\n${INGEST_USAGE}`);
if (parsed.help) {
  console.log(INGEST_USAGE);
  process.exit(0);
}
const config = loadConfigOrExit('ingest: ');
const connector = findSource(parsed.source)!;
const disabled = connector.disabledReason(config);
if (disabled) fail(disabled);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const stopping = new AbortController();
process.on('SIGINT', () => stopping.abort(new Error('interrupted')));
process.on('SIGTERM', () => stopping.abort(new Error('interrupted')));
const owner = `ingest:${newWorkerId()}`;
try {
  const summary = await runSource(connector, { database, config, owner }, { days: parsed.days, signal: stopping.signal });
  if (!summary.ran) {
    console.error('ingest: the source is paused (it refused our requests); /admin/sources says why and until when.');
    process.exitCode = 2;
  } else {
    console.log(['day', 'status', 'created', 'updated', 'skipped', 'failed', 'contacts left out'].map((title) => title.padEnd(11)).join(''));
    for (const day of summary.days) {
      console.log([day.day, day.status, day.created, day.updated, day.skipped, day.failed, day.contactsSkipped].map((value) => String(value).padEnd(11)).join(''));
    }
    process.exitCode = summary.days.some((day) => day.status === 'failed' || day.status === 'paused') ? 2 : 0;
  }
} finally {
  // An interrupted day is handed back at once instead of when its lease runs out.
  await releaseDays(database, owner);
  await database.close();
}
