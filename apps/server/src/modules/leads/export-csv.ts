// CSV export: the whole filtered list, newest first, in keyset batches with each lead's contacts, one line per contact.
import { and, sql } from 'drizzle-orm';
import { CSV_HEADER_LINE, csvLines, leadContactCells, type LeadFilter } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { contacts, leads } from '../../db/schema/index.js';
import { filterConditions, matchingLocations } from './filter-sql.js';
import { afterInDateOrder } from './order-sql.js';
import { matchingSearchQuery } from './search-query.js';

const EXPORT_BATCH = 1_000;

/** One CSV line's row: a lead's cells with one of its contacts (or none), all as text the database wrote. */
interface CsvRow {
  id: string;
  company_name: string;
  domain: string;
  industry: string | null;
  funding_amount: string | null;
  funding_round: string | null;
  location: string | null;
  funding_date: string;
  description: string;
  name: string | null;
  role: string | null;
  email: string | null;
  linked_in: string | null;
}

/** The whole filtered result as CSV, newest first, walked in keyset batches like Load More's cursor, so memory stays flat however many rows. */
export async function* streamLeadsCsv(db: Db, filter: LeadFilter): AsyncGenerator<string> {
  const where = filterConditions(filter, await matchingLocations(db, filter.location), filter.q ? await matchingSearchQuery(db, filter.q) : undefined);
  let after: { date: string; id: string } | undefined;
  // The header travels with the first batch, so the first chunk is only ready once the first query succeeded.
  let header = CSV_HEADER_LINE;
  for (;;) {
    const keyset = after ? afterInDateOrder(after) : undefined;
    // A batch of leads with their contacts, a row per line, in one query whose rows are written as they come: no
    // query builder per row, no objects per lead (the export is CPU-bound in Node; decision 026).
    const rows = rowsOf<CsvRow>(
      await db.execute(sql`
        select batch.lead_id::text as id, batch.company_name, batch.domain, batch.industry, batch.funding_amount::text as funding_amount,
          batch.funding_round::text as funding_round, batch.location, batch.funding_date::text as funding_date, batch.description,
          c.name, c.role, c.email, c.linked_in
        from (
          select ${leads.id} as lead_id, ${leads.companyName} as company_name, ${leads.domain} as domain, ${leads.industry} as industry,
            ${leads.fundingAmount} as funding_amount, ${leads.fundingRound} as funding_round, ${leads.location} as location,
            ${leads.fundingDate} as funding_date, ${leads.description} as description
          from ${leads} where ${and(where, keyset) ?? sql`true`}
          order by ${leads.fundingDate} desc, ${leads.id} desc
          limit ${EXPORT_BATCH}
        ) batch
        -- Each lead's contacts through their index: as a plain join, a small database (PGlite at 100,000 leads) hashes
        -- the whole contacts table for every batch. OFFSET 0 keeps the subquery from being merged into such a join.
        left join lateral (
          select ${contacts.name} as name, ${contacts.role} as role, ${contacts.email} as email, ${contacts.linkedIn} as linked_in, ${contacts.position} as position
          from ${contacts} where ${contacts.leadId} = batch.lead_id offset 0
        ) c on true
        order by batch.funding_date desc, batch.lead_id desc, c.position`),
    );
    if (rows.length === 0) {
      if (header) yield header;
      return;
    }
    let leadsInBatch = 0;
    let previous = '';
    const cells = rows.map((row) => {
      if (row.id !== previous) leadsInBatch++;
      previous = row.id;
      const lead = {
        companyName: row.company_name,
        domain: row.domain,
        industry: row.industry,
        fundingAmount: row.funding_amount === null ? null : Number(row.funding_amount),
        fundingRound: row.funding_round,
        location: row.location,
        fundingDate: row.funding_date,
        description: row.description,
      };
      return leadContactCells(
        lead,
        row.name === null ? undefined : { name: row.name, role: row.role ?? '', email: row.email ?? '', linkedIn: row.linked_in ?? '' },
      );
    });
    yield header + csvLines(cells);
    header = '';
    const last = rows[rows.length - 1]!;
    after = { date: last.funding_date, id: last.id };
    if (leadsInBatch < EXPORT_BATCH) return;
  }
}
