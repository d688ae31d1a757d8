// The lead change outbox (lead_changes, docs/decisions/031-saved-search-alerts.md): every lead write records
// which leads it created or changed, in its own transaction, so the saved-search matcher sees each change once
// and never one that rolled back. An update keeps the filterable values from before the write: the matcher
// alerts only on a lead that did not match before and matches now.
import type { RawQuery } from '../../db/client.js';

/** Nothing is recorded while no saved search exists (the seed writes a million leads). */
const ANY_SAVED_SEARCH = 'exists (select 1 from saved_searches)';

/**
 * Records the current state of the stored leads with these identities or ids, before the caller writes them
 * (and locks them). Returns each change row's id by lead id; keepChangedLeads drops the rows of leads the
 * write left as they were.
 */
export async function captureLeadsBefore(query: RawQuery, where: { identityKeys: string[] } | { ids: string[] }): Promise<Map<string, string>> {
  const [condition, values] = 'ids' in where ? ['l.id = any($1::uuid[])', where.ids] : ['l.identity_key = any($1::text[])', where.identityKeys];
  if (values.length === 0) return new Map();
  const result = await query(
    `insert into lead_changes (lead_id, kind, company_name, domain, industry, funding_amount, funding_round, location, funding_date, search_vector,
                               had_contacts, created_at)
     select l.id, 'updated', l.company_name, l.domain, l.industry, l.funding_amount, l.funding_round, l.location, l.funding_date, l.search_vector,
            exists (select 1 from contacts c where c.lead_id = l.id), l.created_at
     from leads l where ${condition} and ${ANY_SAVED_SEARCH}
     returning id, lead_id`,
    [values],
  );
  return new Map(result.rows.map((row) => [String(row.lead_id), String(row.id)]));
}

/** Keeps the captured rows of the leads the write changed (their columns or their contacts) and drops the rest. */
export async function keepChangedLeads(query: RawQuery, captured: Map<string, string>, changedLeadIds: Iterable<string>): Promise<void> {
  if (captured.size === 0) return;
  const changed = new Set(changedLeadIds);
  const unchanged = [...captured].filter(([leadId]) => !changed.has(leadId)).map(([, changeId]) => changeId);
  if (unchanged.length > 0) await query('delete from lead_changes where id = any($1::bigint[])', [unchanged]);
}

export async function recordCreatedLeads(query: RawQuery, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await query(`insert into lead_changes (lead_id, kind) select id, 'created' from unnest($1::uuid[]) as u(id) where ${ANY_SAVED_SEARCH}`, [ids]);
}
