import { performance } from 'node:perf_hooks';
import { leadListResponseSchema } from '@fundwire/shared';
import { openDatabase } from './src/db/client.js';
import { disableLeadCaches, listLeads } from './src/modules/leads/service.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/tmp/prof' });
const db = database.db;
disableLeadCaches(db);
const N = Number(process.env.N ?? 400);
const kinds: Record<string, (i: number) => Record<string, unknown>> = {
  page: (i) => ({ limit: 25, page: 1 + ((i * 7919) % 5000) }),
  industry: (i) => ({ limit: 25, page: 1 + (i % 40), industry: [['SaaS', 'AI', 'FinTech', 'HealthTech'][i % 4]] }),
};
for (const [kind, make] of Object.entries(kinds)) {
  for (let i = 0; i < 30; i++) await listLeads(db, make(i + 10_000) as never);
  let cpuList = 0, cpuParse = 0, cpuStr = 0, wall = 0;
  for (let i = 0; i < N; i++) {
    const q = make(i) as never;
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const r = await listLeads(db, q);
    const c1 = process.cpuUsage(c0); wall += performance.now() - t0;
    cpuList += (c1.user + c1.system) / 1000;
    const c2 = process.cpuUsage();
    const parsed = leadListResponseSchema.parse(r);
    const c3 = process.cpuUsage(c2); cpuParse += (c3.user + c3.system) / 1000;
    const c4 = process.cpuUsage();
    JSON.stringify(parsed);
    const c5 = process.cpuUsage(c4); cpuStr += (c5.user + c5.system) / 1000;
  }
  console.log(kind, 'wall/req', (wall / N).toFixed(2), 'cpu listLeads', (cpuList / N).toFixed(3), 'zod', (cpuParse / N).toFixed(3), 'stringify', (cpuStr / N).toFixed(3));
}
await database.close();
