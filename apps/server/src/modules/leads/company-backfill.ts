// Groups leads that have no company yet (written before companies existed) by the same rule every write
// uses. Runs at start-up; idempotent, and safe with several instances starting at once (SKIP LOCKED).
import type { Database } from '../../db/client.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { upsertCompanies } from './company-write.js';

const BACKFILL_BATCH = 2_000;

/** Returns how many leads were given a company. */
export async function assignCompaniesToLeads(database: Database): Promise<number> {
  let assigned = 0;
  for (;;) {
    const done = await database.rawTransaction(async (query) => {
      const pending = await query(
        // No order: the (company_id, funding_date) index finds the null ones, and grouped rows leave that range.
        `select id, company_name, domain, location, industry from leads where company_id is null
         limit ${BACKFILL_BATCH} for update skip locked`,
      );
      if (pending.rows.length === 0) return 0;
      const companyIds = await upsertCompanies(
        query,
        pending.rows.map((row) => ({
          companyName: String(row.company_name),
          domain: row.domain as string | null,
          location: row.location as string | null,
          industry: row.industry as string | null,
        })),
      );
      await query('update leads set company_id = u.company_id from unnest($1::uuid[], $2::uuid[]) as u(id, company_id) where leads.id = u.id', [
        pending.rows.map((row) => String(row.id)),
        companyIds,
      ]);
      await query(BUMP_LEADS_VERSION_SQL);
      return pending.rows.length;
    });
    assigned += done;
    if (done < BACKFILL_BATCH) return assigned;
  }
}
