// npm run seed -- --leads N [--seed S] [--reset]: bulk-inserts deterministic demo leads.
// Running the same seed again updates those leads in place (they are recognised by their identity).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEFAULT_LEAD_COUNT, DEFAULT_SEED, generateLeads } from './generate.js';
import { insertLeads } from './insert.js';

function fail(message: string): never {
  console.error(`seed: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: String(DEFAULT_LEAD_COUNT) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('Usage: npm run seed -- [--leads N] [--seed S] [--reset]\n  --reset deletes every lead first, with its contacts, companies and the SEC feed records.');
  process.exit(0);
}
const leadCount = Number(values.leads);
const seed = Number(values.seed);
if (!Number.isInteger(leadCount) || leadCount < 1) fail(`--leads must be a positive whole number (got ${values.leads})`);
if (!Number.isInteger(seed)) fail(`--seed must be a whole number (got ${values.seed})`);

const config = loadConfigOrExit('seed: ');

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
try {
  if (values.reset) {
    await database.rawTransaction(async (query) => {
      // The feed's records point at leads: they go too, so the next feed run fetches those filings again.
      await query('truncate contacts, leads, companies, source_filings, source_days');
    });
  }
  let lastReport = 0;
  const inserted = await insertLeads(database, generateLeads({ count: leadCount, seed }), {
    markSeeded: true,
    onProgress: ({ inserted: done }) => {
      if (done - lastReport >= 100_000 || done === leadCount) {
        lastReport = done;
        console.log(`seed: ${done.toLocaleString('en-US')} / ${leadCount.toLocaleString('en-US')} leads`);
      }
    },
  });
  // Fresh statistics and visibility map, as autovacuum would leave them: plans and index-only scans then
  // see the new rows at once.
  await database.db.execute(sql`vacuum analyze leads`);
  await database.db.execute(sql`vacuum analyze contacts`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`seed: inserted ${inserted.toLocaleString('en-US')} leads into ${database.kind} in ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)} (nothing was written)`);
  process.exitCode = 1;
} finally {
  await database.close();
}
