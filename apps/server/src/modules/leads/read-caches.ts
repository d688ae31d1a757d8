// The read path's caches, one set per database: stats and whole list pages (a page carries its count), each valid for one version of the
// leads table (cache.ts). LEAD_CACHES=off gives a database caches that always load.
import type { LeadStats } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { VersionedCache } from './cache.js';

interface LeadCaches {
  stats: VersionedCache<LeadStats>;
  /** Whole list responses, serialised: a repeated page costs one version read. */
  pages: VersionedCache<string>;
}
// One set per database, so two databases in one process (tests) never share entries.
const cachesByDb = new WeakMap<Db, LeadCaches>();

export function cachesFor(db: Db): LeadCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { stats: new VersionedCache(), pages: new VersionedCache() };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** LEAD_CACHES=off: this database's lead reads skip the caches (set once, at start-up). */
export function disableLeadCaches(db: Db): void {
  cachesByDb.set(db, { stats: new VersionedCache(false), pages: new VersionedCache(false) });
}
