import { openDatabase } from '/work/main/apps/server/src/db/client.js';
import { disableLeadCaches, listLeads } from '/work/main/apps/server/src/modules/leads/service.js';
import { leadListQuerySchema } from '@fundwire/shared';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/tmp/prof' });
disableLeadCaches(database.db);
for (const url of process.argv.slice(2)) {
  const q = leadListQuerySchema.parse(Object.fromEntries(new URLSearchParams(url.split('?')[1])));
  for (let i = 0; i < 3; i++) { const t = performance.now(); const r = await listLeads(database.db, q as never); console.log(url, (performance.now() - t).toFixed(1), 'ms', r.totalCount, r.countIsExact, r.leads.length); }
}
await database.close();
