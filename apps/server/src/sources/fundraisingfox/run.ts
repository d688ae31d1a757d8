// One run of the Fundraising Fox source: a conditional GET of rounds.csv (an unchanged file costs one request
// and writes nothing), then the file streamed through csv-parse in batches. Each row is known by its key and a
// hash of its cells (fundraisingfox_rows), so only new or changed rows are written: one transaction per batch,
// the stored hashes looked up once per batch. The run is the source's "day" (today, UTC) on /admin/sources.
import type { RawQuery } from '../../db/client.js';
import { parseCsvStream } from '../../modules/admin/index.js';
import { currentLeadsOfReports, mergeWritten, upsertLeadBatch, type BulkLead } from '../../modules/leads/index.js';
import { claimDay, finishDayIn, renewLease } from '../day-lease.js';
import type { DaySummary, RunDeps, RunOptions, RunSummary } from '../runner.js';
import { recordSourceError } from '../source-errors.js';
import { mapLiveRow, missingColumns, rowHash, rowKey, toRow } from './map.js';

const SOURCE = 'fundraisingfox';
/** Rows per transaction. */
export const FUNDRAISINGFOX_BATCH_ROWS = 1000;

interface PendingRow {
  key: string;
  hash: string;
  cells: string[];
  row: ReturnType<typeof toRow>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The day's lease, as Form D takes its days' (day-lease.ts); a run of the same day again (Run now) takes it too. */
function claim(deps: RunDeps, day: string, leaseMs: number): Promise<boolean> {
  return claimDay(deps.database, SOURCE, day, deps.owner, leaseMs, true, deps.clock);
}

/** Writes one batch: rows whose hash is new or changed become leads (merged with other sources' reports), the rest are left alone. */
async function writeRows(query: RawQuery, day: string, deps: RunDeps, leaseMs: number, batch: PendingRow[], summary: DaySummary): Promise<void> {
  if (!(await renewLease(query, SOURCE, day, deps.owner, leaseMs, deps.clock))) throw new Error(`lost the lease on ${SOURCE} ${day}`);
  const stored = await query('select row_key, hash from fundraisingfox_rows where row_key = any($1::text[])', [batch.map((entry) => entry.key)]);
  const known = new Map(stored.rows.map((row) => [String(row.row_key), String(row.hash)]));
  const changed = batch.filter((entry) => known.get(entry.key) !== entry.hash);
  if (changed.length === 0) return;
  const leads: { entry: PendingRow; lead: BulkLead }[] = [];
  const results = new Map<string, { result: 'created' | 'updated' | 'skipped'; reason: string | null; leadId: string | null }>();
  for (const entry of changed) {
    const mapped = mapLiveRow(entry.row, entry.key);
    if ('skip' in mapped) results.set(entry.key, { result: 'skipped', reason: mapped.skip, leadId: null });
    else leads.push({ entry, lead: mapped.lead });
  }
  if (leads.length > 0) {
    const upserted = await upsertLeadBatch(
      query,
      leads.map(({ lead }) => lead),
    );
    const written: { id: string; lead: BulkLead }[] = [];
    for (const { entry, lead } of leads) {
      const outcome = upserted.byKey.get(lead.identityKey!);
      const result = !outcome || outcome.outcome === 'unchanged' ? 'skipped' : outcome.outcome;
      results.set(entry.key, { result, reason: result === 'skipped' ? 'unchanged' : null, leadId: outcome?.id ?? null });
      if (outcome) written.push({ id: outcome.id, lead });
    }
    await mergeWritten(query, written);
  }
  const keys = changed.map((entry) => entry.key);
  const rows = keys.map((key) => results.get(key)!);
  // A lead folded into another by the merge is no longer there: the row points at the lead it went into.
  const leadIds = await currentLeadsOfReports(
    query,
    keys.map((key) => `${SOURCE}:${key}`),
    rows.map((row) => row.leadId),
  );
  await query(
    `insert into fundraisingfox_rows (row_key, hash, lead_id)
     select k, h, lead_id
     from unnest($1::text[], $2::text[], $3::uuid[]) as u(k, h, lead_id)
     on conflict (row_key) do update set hash = excluded.hash, lead_id = excluded.lead_id, updated_at = now()`,
    [keys, changed.map((entry) => entry.hash), leadIds],
  );
  await query(
    `insert into source_filings (source, item, day, result, reason, lead_id, attempts)
     select $1, k, $2::date, r, reason, lead_id, 1
     from unnest($3::text[], $4::text[], $5::text[], $6::uuid[]) as u(k, r, reason, lead_id)
     on conflict (source, item) do update set day = excluded.day, result = excluded.result, reason = excluded.reason, lead_id = excluded.lead_id,
       attempts = source_filings.attempts + 1`,
    [SOURCE, day, keys, rows.map((row) => row.result), rows.map((row) => row.reason), leadIds],
  );
  for (const row of rows) {
    if (row.result === 'skipped') summary.skipped++;
    else summary[row.result]++;
  }
}

async function finish(deps: RunDeps, day: string, status: 'done' | 'failed', rowsSeen: number | null, failed: boolean, pollHours: number): Promise<void> {
  await deps.database.rawTransaction(async (query) => {
    await finishDayIn(query, SOURCE, day, deps.owner, status, rowsSeen);
    await query(`update source_state set last_run_finished_at = now(), last_run_status = $2, next_run_at = now() + $3 * interval '1 hour' where source = $1`, [
      SOURCE,
      failed ? 'failed' : 'done',
      pollHours,
    ]);
  });
}

/**
 * Runs the source once. A scheduled run (no `days`) does nothing before the source's next run is due; Run now
 * and the CLI (which pass days) always run.
 */
export async function runFundraisingFox(deps: RunDeps, options: RunOptions = {}): Promise<RunSummary> {
  const { database, config } = deps;
  const url = config.fundraisingfox.url;
  if (!url) return { ran: false, days: [] };
  const state = (await database.rawTransaction((query) => query('select next_run_at, etag, last_modified from source_state where source = $1', [SOURCE]))).rows[0];
  if (options.days === undefined && state?.next_run_at != null && new Date(String(state.next_run_at as string)).getTime() > Date.now()) return { ran: false, days: [] };
  const day = new Date().toISOString().slice(0, 10);
  const leaseMs = options.leaseMs ?? 120_000;
  const summary: DaySummary = { day, status: 'done', created: 0, updated: 0, skipped: 0, failed: 0, contactsSkipped: 0 };
  if (!(await claim(deps, day, leaseMs))) return { ran: true, days: [{ ...summary, status: 'busy' }] };
  await database.rawTransaction((query) =>
    query(
      `insert into source_state (source, last_run_started_at, last_run_finished_at, last_run_status) values ($1, now(), null, 'running')
       on conflict (source) do update set last_run_started_at = now(), last_run_finished_at = null, last_run_status = 'running'`,
      [SOURCE],
    ),
  );
  const pollHours = config.fundraisingfox.pollHours;
  const fail = async (reason: string): Promise<RunSummary> => {
    await database.rawTransaction((query) => recordSourceError(query, SOURCE, day, null, reason));
    await finish(deps, day, 'failed', null, true, pollHours);
    deps.log?.warn({ source: SOURCE, reason }, 'source run failed');
    return { ran: true, days: [{ ...summary, status: 'failed' }] };
  };

  const headers: Record<string, string> = { 'user-agent': config.edgar.userAgent ?? 'Fundwire (fundraisingfox source)', accept: 'text/csv, text/plain, */*' };
  if (state?.etag) headers['if-none-match'] = String(state.etag);
  if (state?.last_modified) headers['if-modified-since'] = String(state.last_modified);
  let response: Response;
  try {
    response = await fetch(url, { headers, redirect: 'manual', signal: options.signal });
  } catch (error) {
    return fail(`could not fetch ${url}: ${describe(error)}`);
  }
  if (response.status === 304) {
    await finish(deps, day, 'done', null, false, pollHours);
    deps.log?.info({ source: SOURCE }, 'source unchanged');
    return { ran: true, days: [summary] };
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return fail(`${url} redirects to ${response.headers.get('location') ?? 'another address'}: set FUNDRAISINGFOX_URL to the file's own address`);
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    return fail(`HTTP ${response.status} for ${url}`);
  }

  const problems: { line: number; reason: string }[] = [];
  let header: string[] | null = null;
  let rowsSeen = 0;
  const occurrences = new Map<string, number>();
  let batch: PendingRow[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    if (rows.length > 0) await database.rawTransaction((query) => writeRows(query, day, deps, leaseMs, rows, summary));
  };
  try {
    for await (const record of parseCsvStream(response.body as unknown as AsyncIterable<Buffer>, (problem) => problems.push(problem))) {
      if (options.signal?.aborted) throw new Error('stopped');
      if (!header) {
        header = record.cells.map((cell) => cell.trim());
        const missing = missingColumns(header);
        if (missing.length > 0) {
          await response.body.cancel().catch(() => undefined);
          return await fail(`${url} is not the Fundraising Fox rounds file: it has no ${missing.join(', ')} column`);
        }
        continue;
      }
      rowsSeen++;
      const row = toRow(header, record.cells);
      const pair = `${row.company_slug.trim()}/${row.announced_on.trim()}`;
      const occurrence = occurrences.get(pair) ?? 0;
      occurrences.set(pair, occurrence + 1);
      batch.push({ key: rowKey(row, occurrence), hash: rowHash(record.cells), cells: record.cells, row });
      if (batch.length >= FUNDRAISINGFOX_BATCH_ROWS) await flush();
    }
    await flush();
  } catch (error) {
    return fail(`reading ${url}: ${describe(error)}`);
  }
  if (!header) return fail(`${url} is empty`);
  if (rowsSeen === 0) return fail(`${url} has a header but no rows`);
  if (problems.length > 0) {
    summary.failed += problems.length;
    await database.rawTransaction(async (query) => {
      for (const problem of problems.slice(0, 20)) await recordSourceError(query, SOURCE, day, `line ${problem.line}`, problem.reason);
    });
  }
  // The validators are kept only after the whole file is read: a run cut short reads the file again next time.
  await database.rawTransaction((query) =>
    query('update source_state set etag = $2, last_modified = $3 where source = $1', [SOURCE, response.headers.get('etag'), response.headers.get('last-modified')]),
  );
  await finish(deps, day, 'done', rowsSeen, false, pollHours);
  deps.log?.info({ source: SOURCE, ...summary, rowsSeen }, 'source run');
  return { ran: true, days: [summary] };
}
