// First-start demo data: seeds an empty database once, and never again after that.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { appMeta } from '../db/schema/index.js';
import { countLeads } from '../modules/leads/index.js';
import { DEFAULT_LEAD_COUNT, generateLeads } from './generate.js';
import { DEMO_SEEDED_KEY, insertLeads } from './insert.js';

export async function seedDemoDataIfNeeded(database: Database, options: { count?: number } = {}): Promise<number> {
  const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY)).limit(1);
  if (marker) return 0;
  if ((await countLeads(database.db)) > 0) return 0;
  return insertLeads(database, generateLeads({ count: options.count ?? DEFAULT_LEAD_COUNT }), { markSeeded: true });
}
