// One round, one lead (docs/decisions/038-merging-rounds-across-sources.md): when two sources report the same
// round of the same company, the later report is folded into the lead that was there first. Each source's
// report is kept (lead_reports) so every field can be recomputed by precedence and a merge can be split back.
import type { BulkLead } from './bulk.js';
import type { RawQuery } from '../../db/client.js';
import { upsertCompanies } from './company-write.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { normalizeCompanyIdentityName } from './company-identity.js';
import { daysApart, fieldsOf, fieldsOfBulk, MERGED_SOURCES, sameCompany, sameRound, type LeadRow } from './merge-rules.js';
import { applyFields, fold, loadLeads, moveContacts, recompute, reportsOf, saveReport, text } from './merge-store.js';

export { combine, MERGED_SOURCES, sameCompany, sameRound } from './merge-rules.js';
export { recompute } from './merge-store.js';

export interface MergeOutcome {
  /** Reports folded into another lead. */
  merged: number;
  /** The lead each folded (deleted) lead went into. */
  into: Map<string, string>;
}

/**
 * After a write: each written lead that is the report of a lead it was merged into goes back into it; any
 * other is folded into an existing lead of another source that reports the same round of the same company.
 * `written` brings each lead as its source wrote it (its report); without it, the stored row is the report.
 */
export async function mergeWritten(query: RawQuery, written: { id: string; lead?: BulkLead }[]): Promise<MergeOutcome> {
  const outcome: MergeOutcome = { merged: 0, into: new Map() };
  if (written.length === 0) return outcome;
  const byId = new Map(written.map((entry) => [entry.id, entry.lead]));
  const rows = await loadLeads(query, `l.id = any($1::uuid[]) and l.source = any($2::text[])`, [[...byId.keys()], MERGED_SOURCES]);
  if (rows.length === 0) return outcome;
  const ownFields = (row: LeadRow) => {
    const lead = byId.get(row.id);
    return lead ? fieldsOfBulk(lead, row.companyId) : fieldsOf(row);
  };

  // A report already merged into another lead (its source wrote it again): back into that lead.
  const known = await query('select identity_key, lead_id from lead_reports where identity_key = any($1::text[])', [rows.map((row) => row.identityKey)]);
  const mergedInto = new Map(known.rows.map((row) => [String(row.identity_key), String(row.lead_id)]));
  const fresh: LeadRow[] = [];
  for (const row of rows) {
    const target = mergedInto.get(row.identityKey);
    if (target === row.id) {
      // A merged lead's own source wrote it again: its report changes, and the lead is recomputed.
      await saveReport(query, row.id, { identityKey: row.identityKey, source: row.source, sourceId: row.sourceId, sourceUrl: row.sourceUrl, fields: ownFields(row) });
      await recompute(query, row.id);
    } else if (target) {
      const [survivor] = await loadLeads(query, 'l.id = $1', [target]);
      if (survivor) {
        await fold(query, survivor, row, ownFields(row));
        outcome.into.set(row.id, survivor.id);
      }
    } else fresh.push(row);
  }
  if (fresh.length === 0) return outcome;

  // Candidates: leads of the other merged sources funded within 30 days of a written lead whose company may be
  // the same (same CIK, same domain, or a name that starts the same); the rules above decide. A source's own
  // leads are never candidates for its rows, so a release of one source alone compares nothing.
  const prefix = (name: string) => normalizeCompanyIdentityName(name).slice(0, 4);
  const candidates: LeadRow[] = [];
  for (const source of new Set(fresh.map((row) => row.source))) {
    const group = fresh.filter((row) => row.source === source);
    const dates = group.map((row) => row.fundingDate).sort();
    candidates.push(
      ...(await loadLeads(
        query,
        `l.source = any($1::text[]) and l.funding_date between $2::date - 30 and $3::date + 30
         and (c.cik = any($4::text[]) or l.domain = any($5::text[]) or left(lower(regexp_replace(l.company_name, '[^[:alnum:]]', '', 'g')), 4) = any($6::text[]))`,
        [
          MERGED_SOURCES.filter((other) => other !== source),
          dates[0],
          dates[dates.length - 1],
          group.map((row) => row.cik).filter(Boolean),
          group.map((row) => row.domain).filter(Boolean),
          group.map((row) => prefix(row.companyName)).filter(Boolean),
        ],
      )),
    );
  }
  if (candidates.length === 0) return outcome;
  const splitPairs = await query('select key_a, key_b from lead_split_pairs where key_a = any($1::text[])', [fresh.map((row) => row.identityKey)]);
  const apart = new Set(splitPairs.rows.map((row) => `${String(row.key_a)}\n${String(row.key_b)}`));
  const gone = new Set<string>();
  const live = new Map(candidates.map((row) => [row.id, row]));
  for (const row of fresh) if (!live.has(row.id)) live.set(row.id, row);
  for (const row of fresh) {
    if (gone.has(row.id)) continue;
    let best: { lead: LeadRow; strength: number; days: number } | null = null;
    for (const other of live.values()) {
      if (other.id === row.id || gone.has(other.id)) continue;
      if (other.sources.some((source) => row.sources.includes(source))) continue;
      if (other.reportKeys.some((key) => apart.has(`${row.identityKey}\n${key}`))) continue;
      if (!sameCompany(row, other)) continue;
      const strength = sameRound(row, other);
      if (strength === 0) continue;
      const days = daysApart(row.fundingDate, other.fundingDate);
      if (!best || strength > best.strength || (strength === best.strength && days < best.days)) best = { lead: other, strength, days };
    }
    if (!best) continue;
    const survivor = best.lead;
    await fold(query, survivor, row, ownFields(row));
    gone.add(row.id);
    live.delete(row.id);
    outcome.into.set(row.id, survivor.id);
    const [updated] = await loadLeads(query, 'l.id = $1', [survivor.id]);
    if (updated) live.set(survivor.id, updated);
    outcome.merged++;
  }
  if (outcome.merged > 0) await query(BUMP_LEADS_VERSION_SQL);
  return outcome;
}

/**
 * Splits a merged lead back into its reports: each report other than the lead's own becomes its own lead again
 * (the filing's people go with the filing), and the pair is remembered so the merge is not made again.
 * Returns the ids of the leads made, or null when the lead is not merged.
 */
export async function splitLead(query: RawQuery, leadId: string): Promise<string[] | null> {
  const [lead] = await loadLeads(query, 'l.id = $1', [leadId]);
  if (!lead) return null;
  const reports = await reportsOf(query, leadId);
  if (reports.length < 2) return null;
  const others = reports.filter((report) => report.identityKey !== lead.identityKey);
  const own = reports.find((report) => report.identityKey === lead.identityKey);
  const meta = await query('select identity_key, source_id, source_url from lead_reports where lead_id = $1', [leadId]);
  const metaOf = new Map(meta.rows.map((row) => [String(row.identity_key), { sourceId: text(row.source_id), sourceUrl: text(row.source_url) }]));
  const made: string[] = [];
  for (const report of others) {
    const fields = report.fields;
    const { sourceId, sourceUrl } = metaOf.get(report.identityKey) ?? { sourceId: null, sourceUrl: null };
    const inserted = await query(
      `insert into leads (company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
                          source, source_id, source_url, identity_key, company_id, lacks_contacts)
       values ($1, $2, $3, $4, $5::funding_round, $6, $7, $8::date, $9, $10::text[], $11, $12, $13, $14, $15, true) returning id`,
      [
        fields.companyName,
        fields.domain,
        fields.industry,
        fields.fundingAmount,
        fields.fundingRound,
        fields.roundLabel,
        fields.location,
        fields.fundingDate,
        fields.description,
        fields.tags,
        report.source,
        sourceId,
        sourceUrl,
        report.identityKey,
        (await upsertCompanies(query, [{ companyName: fields.companyName, domain: fields.domain, location: fields.location, cik: fields.cik, industry: fields.industry }]))[0],
      ],
    );
    const newId = String(inserted.rows[0]!.id);
    made.push(newId);
    // The filing's people go back with it, unless the admin edited the merged lead's people.
    if (report.source === 'sec-form-d' && lead.source !== 'sec-form-d' && !lead.editedFields.includes('contacts')) {
      await moveContacts(query, leadId, newId);
    }
    await query('update fundraisingfox_rows set lead_id = $1 where lead_id = $2 and $3 = $4', [newId, leadId, report.source, 'fundraisingfox']);
    await query('update source_filings set lead_id = $1 where lead_id = $2 and source = $3', [newId, leadId, report.source]);
    await query('insert into lead_split_pairs (key_a, key_b) values ($1, $2), ($2, $1) on conflict do nothing', [lead.identityKey, report.identityKey]);
    for (const sibling of others) {
      if (sibling.identityKey !== report.identityKey) {
        await query('insert into lead_split_pairs (key_a, key_b) values ($1, $2) on conflict do nothing', [report.identityKey, sibling.identityKey]);
      }
    }
  }
  await query('delete from lead_reports where lead_id = $1', [leadId]);
  if (own) await applyFields(query, lead, own.fields);
  await query(`insert into lead_changes (lead_id, kind) select id, 'created' from unnest($1::uuid[]) as u(id) where exists (select 1 from saved_searches)`, [made]);
  await query(BUMP_LEADS_VERSION_SQL);
  return made;
}

/** The one-time merge of the leads stored before merging existed; recorded (and reported) once. */
export async function mergeExistingLeadsOnce(query: RawQuery): Promise<{ ran: boolean; merged: number }> {
  const claimed = await query(`insert into lead_merge_runs (name, merged) values ('existing-leads', 0) on conflict (name) do nothing returning name`);
  if (claimed.rows.length === 0) return { ran: false, merged: 0 };
  let merged = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await query(`select id from leads where source = any($1::text[]) and id > $2::uuid order by id limit 500`, [MERGED_SOURCES, after]);
    if (page.rows.length === 0) break;
    after = String(page.rows[page.rows.length - 1]!.id);
    merged += (await mergeWritten(query, page.rows.map((row) => ({ id: String(row.id) })))).merged;
  }
  await query(`update lead_merge_runs set merged = $1, at = now() where name = 'existing-leads'`, [merged]);
  return { ran: true, merged };
}
