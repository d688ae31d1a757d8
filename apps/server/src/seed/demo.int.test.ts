import { rmSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { contacts, leads } from '../db/schema/index.js';
import { createTestDatabase, makeTempDir, testDatabaseKind } from '../../test/helpers.js';
import { seedDemoDataIfNeeded } from './demo.js';
import { generateLeads } from './generate.js';
import { insertLeads } from './insert.js';

describe('demo data', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds an empty database once; a restart keeps the data and does not seed again', async () => {
    // A PGlite folder on disk is what a restart of the default install reopens.
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir });
    expect(await seedDemoDataIfNeeded(first, { count: 120 })).toBe(120);
    const [before] = await first.db.select({ value: count() }).from(leads);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await seedDemoDataIfNeeded(second, { count: 120 })).toBe(0);
    const [after] = await second.db.select({ value: count() }).from(leads);
    expect(after?.value).toBe(before?.value);
    expect(after?.value).toBe(120);
    // Even when every lead is deleted later, the marker stops a re-seed.
    await second.db.delete(leads);
    expect(await seedDemoDataIfNeeded(second, { count: 120 })).toBe(0);
    await second.close();
  });

  it(`bulk-inserts leads with their contacts in one transaction (${testDatabaseKind})`, async () => {
    const t = await createTestDatabase();
    try {
      const generated = [...generateLeads({ count: 1234, seed: 5 })];
      const inserted = await insertLeads(t.database, generated, { batchSize: 500 });
      expect(inserted).toBe(1234);
      const [leadCount] = await t.database.db.select({ value: count() }).from(leads);
      const [contactCount] = await t.database.db.select({ value: count() }).from(contacts);
      expect(leadCount?.value).toBe(1234);
      expect(contactCount?.value).toBe(generated.reduce((sum, lead) => sum + lead.contacts.length, 0));
      const sample = generated[7]!;
      const stored = await t.database.db.query.leads.findFirst({ where: (lead, { eq }) => eq(lead.id, sample.id) });
      expect(stored).toMatchObject({
        companyName: sample.companyName,
        fundingAmount: sample.fundingAmount,
        fundingDate: sample.fundingDate,
        fundingRound: sample.fundingRound,
        tags: sample.tags,
      });

      // A failing batch rolls everything back: the bad round in the third batch aborts the whole insert.
      const again = [...generateLeads({ count: 10, seed: 6 }), { ...generated[0]!, id: undefined, domain: 'new.example.com', fundingRound: 'Series Z' as never }];
      await expect(insertLeads(t.database, again, { batchSize: 5 })).rejects.toThrow();
      const [afterFailure] = await t.database.db.select({ value: count() }).from(leads);
      expect(afterFailure?.value).toBe(1234);

      // The same leads again update in place instead of adding copies.
      expect(await insertLeads(t.database, generated.slice(0, 100))).toBe(100);
      const [afterRepeat] = await t.database.db.select({ value: count() }).from(leads);
      expect(afterRepeat?.value).toBe(1234);
    } finally {
      await t.dispose();
    }
  });

  it('has pg_trgm enabled', async () => {
    const t = await createTestDatabase();
    try {
      const rows = await t.database.rawTransaction((query) => query("select similarity('fundwire', 'fundwire') as score"));
      expect(Number(rows.rows[0]?.score)).toBe(1);
    } finally {
      await t.dispose();
    }
  });
});
