// What the live sources (apps/server/src/sources) look up among the stored leads before and after writing
// through the bulk path: the round an amendment updates, the items that already wrote a round, where a merged
// report went, and the merge counts /admin/sources shows.
import type { RawQuery } from '../../db/client.js';

/** The stored round an amendment updates: by the filing it amends, else by the same company and date of first sale. */
export async function amendedRound(
  query: RawQuery,
  source: string,
  amends: { sourceId: string | null; cik: string | null; fundingDate: string | null },
): Promise<{ identityKey: string; sourceId: string | null } | null> {
  const result = await query(
    `(select identity_key, source_id, 1 as rank from leads where source = $1 and source_id = $2)
     union all
     (select l.identity_key, l.source_id, 2 as rank from leads l join companies c on c.id = l.company_id
       where l.source = $1 and c.cik = $3 and l.funding_date = $4::date)
     order by rank limit 1`,
    [source, amends.sourceId, amends.cik, amends.fundingDate],
  );
  const row = result.rows[0];
  return row ? { identityKey: String(row.identity_key), sourceId: row.source_id === null ? null : String(row.source_id) } : null;
}

/** Of these originals, those whose round a different item (an amendment) has already written: item → lead id. */
export async function roundsWrittenByOthers(query: RawQuery, source: string, originals: { item: string; identityKey: string }[]): Promise<Map<string, string>> {
  if (originals.length === 0) return new Map();
  const result = await query(
    `select o.item, l.id from unnest($2::text[], $3::text[]) as o(item, identity_key)
       join leads l on l.identity_key = o.identity_key
      where exists (select 1 from source_filings f where f.source = $1 and f.lead_id = l.id and f.item <> o.item and f.result in ('created', 'updated'))`,
    [source, originals.map((entry) => entry.item), originals.map((entry) => entry.identityKey)],
  );
  return new Map(result.rows.map((row) => [String(row.item), String(row.id)]));
}

/** The lead of the round when another item filed on a later day has already written it; else null. */
export async function newerItemOfRound(query: RawQuery, source: string, identityKey: string, item: { id: string; day: string }): Promise<string | null> {
  const result = await query(
    `select l.id from leads l join source_filings f on f.lead_id = l.id
      where l.identity_key = $2 and f.source = $1 and f.item <> $3 and f.result in ('created', 'updated') and f.day > $4::date
      limit 1`,
    [source, identityKey, item.id, item.day],
  );
  return result.rows[0] ? String(result.rows[0].id) : null;
}

/**
 * Where each written report is now: the lead its report was merged into (lead_reports, merge.ts) when there is one,
 * else its own lead while it is still stored, else null. identityKeys[i] and leadIds[i] belong to one report.
 */
export async function currentLeadsOfReports(query: RawQuery, identityKeys: string[], leadIds: (string | null)[]): Promise<(string | null)[]> {
  if (identityKeys.length === 0) return [];
  const result = await query(
    `select u.i, coalesce((select r.lead_id from lead_reports r where r.identity_key = u.k), (select l.id from leads l where l.id = u.lead_id)) as lead_id
     from unnest($1::text[], $2::uuid[]) with ordinality as u(k, lead_id, i)`,
    [identityKeys, leadIds],
  );
  const byIndex = new Map(result.rows.map((row) => [Number(row.i), row.lead_id === null ? null : String(row.lead_id)]));
  return identityKeys.map((_, index) => byIndex.get(index + 1) ?? null);
}

/** Rounds merged across sources: reports folded into another source's lead this week, and leads with several sources. */
export async function countMergedReports(query: RawQuery): Promise<{ mergedThisWeek: number; leadsWithSeveralSources: number }> {
  const result = await query(
    `select (select count(*)::int from lead_reports r join leads l on l.id = r.lead_id
              where r.identity_key <> l.identity_key and r.merged_at > now() - interval '7 days') as merged_this_week,
            (select count(distinct lead_id)::int from lead_reports) as several`,
  );
  const row = result.rows[0]!;
  return { mergedThisWeek: Number(row.merged_this_week), leadsWithSeveralSources: Number(row.several) };
}
