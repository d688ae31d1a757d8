// Writes a batch of a day's handled items in one transaction: renews the day's lease, upserts new rounds and
// amendments (each under its round's identity), merges rounds other sources reported, and records every item
// (the resume point of a run that dies mid-day).
import type { RawQuery } from '../db/client.js';
import { amendedRound, mergeWritten, newerItemOfRound, roundsWrittenByOthers, upsertLeadBatch } from '../modules/leads/index.js';
import type { BulkLead } from '../modules/leads/index.js';
import type { Clock } from '../queue/lease.js';
import { renewLease } from './day-lease.js';
import type { RunDeps } from './runner.js';
import { recordSourceError } from './source-errors.js';
import type { MappedLead, SourceItem } from './types.js';

export interface ItemRecord {
  item: SourceItem;
  result: 'created' | 'updated' | 'skipped' | 'failed';
  reason: string | null;
  leadId: string | null;
  contactsSkipped?: number;
}

/**
 * Runs that may try a failed filing (each with its bounded request retries): a filing EDGAR lists before it
 * serves it (a 404 minutes after the index) is tried again by the next polls of its day, then left as failed.
 */
export const MAX_ITEM_RUNS = 3;
/** Items of a day that are settled: recorded, except failures that later runs may still try again. */
export const SETTLED_ITEMS_SQL = `select item from source_filings where source = $1 and item = any($2::text[]) and not (result = 'failed' and attempts < ${MAX_ITEM_RUNS})`;

/**
 * Records handled items (the resume point; `attempts` counts the runs that tried each). An item another
 * runner recorded first keeps its record, unless that record is a failure this run has tried again.
 */
async function recordItems(query: RawQuery, source: string, records: ItemRecord[]): Promise<void> {
  if (records.length === 0) return;
  await query(
    `insert into source_filings (source, item, day, result, reason, lead_id, attempts, contacts_skipped)
     select $1, item, day, result, reason, lead_id, 1, contacts_skipped
       from unnest($2::text[], $3::date[], $4::text[], $5::text[], $6::uuid[], $7::int[]) as r(item, day, result, reason, lead_id, contacts_skipped)
     on conflict (source, item) do update
       set result = excluded.result, reason = excluded.reason, lead_id = excluded.lead_id, attempts = source_filings.attempts + 1,
           contacts_skipped = excluded.contacts_skipped
       where source_filings.result = 'failed'`,
    [
      source,
      records.map((record) => record.item.id),
      records.map((record) => record.item.day),
      records.map((record) => record.result),
      records.map((record) => record.reason),
      records.map((record) => record.leadId),
      records.map((record) => record.contactsSkipped ?? 0),
    ],
  );
}

/** An item handled but not yet written: a lead to upsert, or a skip or failure to record. */
export type Pending = { item: SourceItem; mapped: MappedLead; contactsSkipped: number } | { item: SourceItem; record: ItemRecord; error: string | null };

export class LeaseLostError extends Error {}

/** The lead as the round of its original filing: the item itself, or for an amendment whose original we never saw, that original's number. */
function asOriginalRound(source: string, item: SourceItem, mapped: MappedLead) {
  const original = mapped.amends?.sourceId ?? item.id;
  return { ...mapped.lead, identityKey: `${source}:${original}`, sourceId: original };
}

/** Gives the lead its round's identity: an amendment takes the round it amends, anything else is its own original filing. */
async function withRoundIdentity(query: RawQuery, source: string, item: SourceItem, mapped: MappedLead) {
  const target = mapped.amends ? await amendedRound(query, source, mapped.amends) : null;
  if (!target) return asOriginalRound(source, item, mapped);
  return { ...mapped.lead, identityKey: target.identityKey, sourceId: target.sourceId ?? mapped.lead.sourceId };
}

/**
 * Writes handled items in one transaction: the lease is renewed first (a runner that lost its day writes
 * nothing), items another runner recorded meanwhile are left alone, new rounds go in one batch upsert and
 * amendments after them one by one (they may amend a round of the same batch), then every item is recorded.
 */
export async function writeBatch(
  query: RawQuery,
  source: string,
  day: string,
  owner: string,
  leaseMs: number,
  pending: Pending[],
  afterWrite?: RunDeps['afterWrite'],
  clock?: Clock,
): Promise<ItemRecord[]> {
  if (!(await renewLease(query, source, day, owner, leaseMs, clock))) throw new LeaseLostError(`lost the lease on ${source} ${day}`);
  if (pending.length === 0) return [];
  const recorded = await query(SETTLED_ITEMS_SQL, [source, pending.map((entry) => entry.item.id)]);
  const done = new Set(recorded.rows.map((row) => String(row.item)));
  const fresh = pending.filter((entry) => !done.has(entry.item.id));
  const records: ItemRecord[] = [];
  const outcome = (item: SourceItem, result: { id: string; outcome: 'created' | 'updated' | 'unchanged' } | undefined): ItemRecord => ({
    item,
    result: !result || result.outcome === 'unchanged' ? 'skipped' : result.outcome,
    reason: !result || result.outcome === 'unchanged' ? 'duplicate' : null,
    leadId: result?.id ?? null,
  });
  const written: { id: string; lead: BulkLead }[] = [];
  const skippedContacts = new Map(fresh.map((entry) => [entry.item.id, 'mapped' in entry ? entry.contactsSkipped : 0]));
  const withSkips = (record: ItemRecord): ItemRecord => ({ ...record, contactsSkipped: skippedContacts.get(record.item.id) ?? 0 });
  const candidates = fresh.flatMap((entry) => ('mapped' in entry && !entry.mapped.amends ? [{ item: entry.item, mapped: entry.mapped }] : []));
  // An original filing that arrives after an amendment of its round (a backfill, a retry) carries older figures: it must not roll the round back.
  const superseded = await roundsWrittenByOthers(
    query,
    source,
    candidates.map((entry) => ({ item: entry.item.id, identityKey: asOriginalRound(source, entry.item, entry.mapped).identityKey })),
  );
  const originals = candidates.filter((entry) => !superseded.has(entry.item.id));
  for (const entry of candidates) {
    if (superseded.has(entry.item.id)) records.push({ item: entry.item, result: 'skipped', reason: 'superseded-by-amendment', leadId: superseded.get(entry.item.id)! });
  }
  if (originals.length > 0) {
    const leads = originals.map((entry) => asOriginalRound(source, entry.item, entry.mapped));
    const result = await upsertLeadBatch(query, leads);
    originals.forEach((entry, index) => records.push(withSkips(outcome(entry.item, result.byKey.get(leads[index]!.identityKey!)))));
    written.push(...leads.flatMap((lead) => (result.byKey.has(lead.identityKey!) ? [{ id: result.byKey.get(lead.identityKey!)!.id, lead }] : [])));
  }
  for (const entry of fresh) {
    if (!('mapped' in entry) || !entry.mapped.amends) continue;
    const lead = await withRoundIdentity(query, source, entry.item, entry.mapped);
    // An older amendment than the one already applied (a retry that succeeds late) must not roll the round back either.
    const newer = await newerItemOfRound(query, source, lead.identityKey, entry.item);
    if (newer) {
      records.push({ item: entry.item, result: 'skipped', reason: 'superseded-by-amendment', leadId: newer });
      continue;
    }
    const result = await upsertLeadBatch(query, [lead]);
    records.push(withSkips(outcome(entry.item, result.byKey.get(lead.identityKey!))));
    if (result.byKey.has(lead.identityKey!)) written.push({ id: result.byKey.get(lead.identityKey!)!.id, lead });
  }
  // One round, one lead: a round another source reported already is merged into that lead (modules/leads/merge.ts).
  const merged = await mergeWritten(query, written);
  for (const record of records) if (record.leadId && merged.into.has(record.leadId)) record.leadId = merged.into.get(record.leadId)!;
  for (const entry of fresh) {
    if (!('record' in entry)) continue;
    records.push(entry.record);
    if (entry.error) await recordSourceError(query, source, day, entry.item.id, entry.error);
  }
  await recordItems(query, source, records);
  const touched = records.flatMap((record) => (record.leadId && (record.result === 'created' || record.result === 'updated') ? [record.leadId] : []));
  if (afterWrite && touched.length > 0) await afterWrite(query, touched);
  return records;
}
