// Planner statistics that follow bulk writes. Every bulk upsert adds the leads it wrote to a counter in app_meta; once
// the counter passes a share of the table (read-rules.ts), the same transaction analyzes leads and contacts and resets
// it. PGlite runs no autovacuum at all, and PostgreSQL's runs up to a minute late: without this, the estimate after an
// import described the table before it ("about 14,880 leads" for 3,031 plus the demo leads; decision 026).
import type { RawQuery } from '../../db/client.js';
import { ANALYZE_MIN_WRITES, ANALYZE_WRITE_SHARE } from './read-rules.js';

const WRITES_KEY = 'leads_writes_since_analyze';

/** Call inside the transaction of a bulk lead write, with how many leads it created or changed. */
export async function refreshLeadStatistics(query: RawQuery, written: number): Promise<void> {
  if (written <= 0) return;
  const { rows } = await query(
    `insert into app_meta (key, value) values ($1, $2) on conflict (key) do update set value = (app_meta.value::bigint + $2::bigint)::text, updated_at = now()
     returning value, (select reltuples from pg_class where oid = 'leads'::regclass) as reltuples`,
    [WRITES_KEY, String(written)],
  );
  const writes = Number(rows[0]?.value ?? 0);
  // reltuples is -1 for a table never analyzed.
  const tuples = Math.max(Number(rows[0]?.reltuples ?? 0), 0);
  if (writes < ANALYZE_MIN_WRITES + ANALYZE_WRITE_SHARE * tuples) return;
  await query('analyze leads');
  await query('analyze contacts');
  await query(`update app_meta set value = '0', updated_at = now() where key = $1`, [WRITES_KEY]);
}
