// Bulk insert of leads with their contacts: one array-parameter INSERT per batch (unnest),
// all inside one transaction, so a million rows take minutes and a failure leaves nothing behind.
import type { Database, RawQuery } from '../client.js';
import type { SeedLead } from './generate.js';
import { BUMP_LEADS_VERSION_SQL } from '../../modules/leads/cache.js';

export const SEED_BATCH_SIZE = 5_000;
export const DEMO_SEEDED_KEY = 'demo_data_seeded_at';

async function insertBatch(query: RawQuery, batch: SeedLead[]): Promise<void> {
  const ids: string[] = [];
  const names: string[] = [];
  const domains: string[] = [];
  const industries: string[] = [];
  const amounts: string[] = [];
  const rounds: string[] = [];
  const locations: string[] = [];
  const dates: string[] = [];
  const descriptions: string[] = [];
  const tags: string[] = [];
  const contactLeadIds: string[] = [];
  const positions: number[] = [];
  const contactNames: string[] = [];
  const contactRoles: string[] = [];
  const contactEmails: string[] = [];
  const contactLinks: string[] = [];

  for (const lead of batch) {
    ids.push(lead.id);
    names.push(lead.companyName);
    domains.push(lead.domain);
    industries.push(lead.industry);
    amounts.push(String(lead.fundingAmount));
    rounds.push(lead.fundingRound);
    locations.push(lead.location);
    dates.push(lead.fundingDate);
    descriptions.push(lead.description);
    // Postgres cannot unnest a ragged text[][], so tags travel as one JSON array per lead.
    tags.push(JSON.stringify(lead.tags));
    lead.contacts.forEach((contact, position) => {
      contactLeadIds.push(lead.id);
      positions.push(position);
      contactNames.push(contact.name);
      contactRoles.push(contact.role);
      contactEmails.push(contact.email);
      contactLinks.push(contact.linkedIn);
    });
  }

  await query(
    `insert into leads (id, company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, tags)
     select u.id, u.company_name, u.domain, u.industry, u.funding_amount, u.funding_round::funding_round, u.location, u.funding_date,
            u.description, array(select jsonb_array_elements_text(u.tags))
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::date[], $9::text[], $10::jsonb[])
       as u(id, company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, tags)`,
    [ids, names, domains, industries, amounts, rounds, locations, dates, descriptions, tags],
  );
  if (contactLeadIds.length > 0) {
    await query(
      `insert into contacts (lead_id, position, name, role, email, linked_in)
       select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [contactLeadIds, positions, contactNames, contactRoles, contactEmails, contactLinks],
    );
  }
}

export interface InsertProgress {
  inserted: number;
}

/** Inserts every lead from the iterable in one transaction. Returns how many were inserted. */
export async function insertLeads(
  database: Database,
  leads: Iterable<SeedLead>,
  options: { batchSize?: number; markSeeded?: boolean; onProgress?: (progress: InsertProgress) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SEED_BATCH_SIZE;
  return database.rawTransaction(async (query) => {
    let inserted = 0;
    let batch: SeedLead[] = [];
    for (const lead of leads) {
      batch.push(lead);
      if (batch.length >= batchSize) {
        await insertBatch(query, batch);
        inserted += batch.length;
        batch = [];
        options.onProgress?.({ inserted });
      }
    }
    if (batch.length > 0) {
      await insertBatch(query, batch);
      inserted += batch.length;
      options.onProgress?.({ inserted });
    }
    await query(BUMP_LEADS_VERSION_SQL);
    if (options.markSeeded) {
      await query(
        `insert into app_meta (key, value) values ($1, $2)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [DEMO_SEEDED_KEY, new Date().toISOString()],
      );
    }
    return inserted;
  });
}
