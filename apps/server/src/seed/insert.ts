// Bulk insert of seed leads: batches of one unnest upsert each, all inside one transaction,
// so a million rows take minutes and a failure leaves nothing behind.
import type { Database } from '../db/client.js';
import type { SeedLead } from './generate.js';
import { upsertLeadBatch, type BulkLead } from '../modules/leads/index.js';

export const SEED_BATCH_SIZE = 5_000;
export const DEMO_SEEDED_KEY = 'demo_data_seeded_at';

export interface InsertProgress {
  inserted: number;
}

/** Writes every lead from the iterable in one transaction. Returns how many leads are in place (written or already equal). */
export async function insertLeads(
  database: Database,
  leads: Iterable<SeedLead | BulkLead>,
  options: { batchSize?: number; markSeeded?: boolean; onProgress?: (progress: InsertProgress) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SEED_BATCH_SIZE;
  return database.rawTransaction(async (query) => {
    let inserted = 0;
    let batch: (SeedLead | BulkLead)[] = [];
    const flush = async () => {
      const result = await upsertLeadBatch(query, batch);
      // Leads already stored as they are count too: the seed's rows are all in place afterwards.
      inserted += result.created + result.updated + result.unchanged;
      batch = [];
      options.onProgress?.({ inserted });
    };
    for (const lead of leads) {
      batch.push(lead);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
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
