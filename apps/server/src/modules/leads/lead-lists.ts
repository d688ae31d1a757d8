// Leads other modules list by something they hold (a company, an alert delivery's lead ids): read here, so no
// file outside modules/leads queries the leads or contacts tables.
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Lead } from '@fundwire/shared';
import type { Db, RawQuery } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { contactsFor, leadWithHistoryColumns, toLead } from './service.js';

/** How many leads are stored (the first-start seed writes into an empty table only). */
export async function countLeads(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(leads);
  return row?.value ?? 0;
}

/** A company's rounds, newest funding first, at most `limit`, each with its contacts. */
export async function listCompanyRounds(db: Db, companyId: string, limit: number): Promise<Lead[]> {
  const rows = await db.select(leadWithHistoryColumns).from(leads).where(eq(leads.companyId, companyId)).orderBy(desc(leads.fundingDate), desc(leads.id)).limit(limit);
  const byLead = await contactsFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLead(row, byLead.get(row.id) ?? []));
}

/** The leads with these ids, with their contacts, in the order of the ids; ids of deleted leads are left out. */
export async function getLeadsByIds(db: Db, ids: string[]): Promise<Lead[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(leadWithHistoryColumns).from(leads).where(inArray(leads.id, ids));
  const contacts = await contactsFor(db, ids);
  const byId = new Map(rows.map((row) => [row.id, toLead(row, contacts.get(row.id) ?? [])]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Of the leads that `idsSql` selects (one column, lead_id; parameters from $1, `limit` is the next one), those still
 * stored, newest funding first, at most `limit`, and how many are still stored in all.
 */
export async function newestStoredLeadIds(query: RawQuery, idsSql: string, params: unknown[], limit: number): Promise<{ ids: string[]; total: number }> {
  const result = await query(
    `select l.id, count(*) over () as total from leads l where l.id in (${idsSql})
     order by l.funding_date desc, l.id desc limit $${params.length + 1}`,
    [...params, limit],
  );
  return { ids: result.rows.map((row) => String(row.id)), total: Number(result.rows[0]?.total ?? 0) };
}
