// Lead read caches (stats, counts), valid for one version of the leads table. Every lead write bumps
// the version in the same transaction, so every instance sees its caches go stale at once.
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { appMeta } from '../../db/schema/index.js';

export const LEADS_VERSION_KEY = 'leads_version';
const MAX_ENTRIES = 1_000;
/** Even without writes, "this week" moves with the clock: entries also expire. */
const MAX_AGE_MS = 60_000;

export const BUMP_LEADS_VERSION_SQL = `insert into app_meta (key, value) values ('${LEADS_VERSION_KEY}', '1')
  on conflict (key) do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()`;

/** Call inside the transaction of any lead write. */
export async function bumpLeadsVersion(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
}

export async function readLeadsVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, LEADS_VERSION_KEY)).limit(1);
  return row?.value ?? '0';
}

/** Cached values of one version of the leads table; a value of another version is a miss. */
export class VersionedCache<T> {
  private readonly entries = new LRUCache<string, { version: string; value: Promise<T> }>({ max: MAX_ENTRIES, ttl: MAX_AGE_MS });

  /** enabled false: every get loads (LEAD_CACHES=off). */
  constructor(readonly enabled = true) {}

  async get(key: string, version: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = load();
    const entry = { version, value };
    this.entries.set(key, entry);
    // A failed load must not stay cached.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
