// What /admin/sources shows: per source, whether it is on, its last and next run, per-day counts and errors.
import { SOURCE_FAILURES_LISTED, type SourceDay, type SourceError, type SourceFailure, type SourceMerges, type SourceStatus } from '@fundwire/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { countMergedReports } from '../modules/leads/index.js';
import type { SourceConnector } from './types.js';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

export async function sourceStatus(database: Database, config: Config, connector: SourceConnector): Promise<SourceStatus> {
  const source = connector.id;
  const disabledReason = connector.disabledReason(config);
  return database.rawTransaction(async (query) => {
    const state = (await query('select * from source_state where source = $1', [source])).rows[0];
    const dayRows = (
      await query(`select day::text as day, status, filings_seen, updated_at from source_days where source = $1 order by day desc limit 30`, [source])
    ).rows;
    const counts = (
      await query(
        `select day::text as day, result, coalesce(reason, '') as reason, count(*)::int as n, sum(contacts_skipped)::int as contacts_skipped
         from source_filings where source = $1 and day = any($2::date[]) group by 1, 2, 3`,
        [source, dayRows.map((row) => String(row.day))],
      )
    ).rows;
    const errors = (await query('select at, day::text as day, item, reason from source_errors where source = $1 order by at desc limit 20', [source])).rows;
    // A failed or malformed filing's detailed reason is its latest error; the filing's own reason is the fallback.
    const failures = (
      await query(
        `select f.item, f.day::text as day, f.result, f.reason, f.attempts, f.created_at,
                (select e.reason from source_errors e where e.source = f.source and e.item = f.item order by e.at desc limit 1) as detail
         from source_filings f
         where f.source = $1 and (f.result = 'failed' or f.reason = 'malformed')
         order by f.day desc, f.created_at desc limit $2`,
        [source, SOURCE_FAILURES_LISTED],
      )
    ).rows;
    const days: SourceDay[] = dayRows.map((row) => {
      const day: SourceDay = {
        day: String(row.day),
        status: row.status as SourceDay['status'],
        filingsSeen: Number(row.filings_seen),
        created: 0,
        updated: 0,
        skipped: {},
        failed: 0,
        contactsSkipped: 0,
        updatedAt: iso(row.updated_at),
      };
      for (const count of counts.filter((entry) => entry.day === row.day)) {
        const n = Number(count.n);
        day.contactsSkipped += Number(count.contacts_skipped ?? 0);
        if (count.result === 'created') day.created += n;
        else if (count.result === 'updated') day.updated += n;
        else if (count.result === 'failed') day.failed += n;
        else day.skipped[String(count.reason) || 'other'] = (day.skipped[String(count.reason) || 'other'] ?? 0) + n;
      }
      return day;
    });
    return {
      id: source,
      name: connector.name,
      enabled: disabledReason === null,
      enableHint: disabledReason,
      lastRun:
        state?.last_run_started_at != null
          ? {
              startedAt: iso(state.last_run_started_at),
              finishedAt: state.last_run_finished_at == null ? null : iso(state.last_run_finished_at),
              status: state.last_run_status as 'running' | 'done' | 'failed',
            }
          : null,
      nextRunAt: disabledReason === null && state?.next_run_at != null ? iso(state.next_run_at) : null,
      paused:
        state?.paused_until != null && new Date(iso(state.paused_until)).getTime() > Date.now()
          ? { until: iso(state.paused_until), reason: String(state.paused_reason ?? 'paused') }
          : null,
      days,
      errors: errors.map(
        (row): SourceError => ({ at: iso(row.at), day: row.day == null ? null : String(row.day), item: row.item == null ? null : String(row.item), reason: String(row.reason) }),
      ),
      failures: failures.map(
        (row): SourceFailure => ({
          item: String(row.item),
          day: String(row.day),
          result: row.result === 'failed' ? 'failed' : 'malformed',
          reason: String(row.detail ?? row.reason ?? 'unknown'),
          attempts: Number(row.attempts),
          at: iso(row.created_at),
        }),
      ),
    };
  });
}

/** Rounds merged across sources: reports folded into another source's lead this week, and leads with several sources. */
export async function sourceMerges(database: Database): Promise<SourceMerges> {
  return database.rawTransaction((query) => countMergedReports(query));
}
