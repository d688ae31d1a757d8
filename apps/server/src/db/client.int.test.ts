// Planner settings for one kind of read (decision 026): on PostgreSQL a pool of their own, opened with them, so a read
// needs no transaction to set them; PGlite and transactions have none (the caller sets them in a transaction).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestDatabase, makeTempDir, testDatabaseKind, type TestDatabase } from '../../test/helpers.js';
import { openDatabase, plannedDb, rowsOf, type Database, type Db } from './client.js';

const setting = async (db: Db, name: string) => rowsOf<{ value: string }>(await db.execute(sql`select current_setting(${name}) as value`))[0]!.value;

describe('planned reads', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.dispose());

  it('run on PostgreSQL connections opened with their settings, and leave the others as they are; PGlite has none', async () => {
    const { db } = test.database;
    if (testDatabaseKind === 'pglite') {
      // One connection: the caller sets them in a transaction.
      expect(plannedDb(db, { enable_seqscan: 'off' })).toBeUndefined();
      return;
    }
    const bitmap = plannedDb(db, { enable_seqscan: 'off', work_mem: '64MB' })!;
    expect(bitmap).toBeDefined();
    // The same settings, the same pool.
    expect(plannedDb(db, { enable_seqscan: 'off', work_mem: '64MB' })).toBe(bitmap);
    const results = await Promise.all(Array.from({ length: 8 }, () => setting(bitmap, 'enable_seqscan')));
    expect(results).toEqual(Array.from({ length: 8 }, () => 'off'));
    expect(await setting(bitmap, 'work_mem')).toBe('64MB');
    expect(await setting(bitmap, 'jit')).toBe('off');
    expect(await setting(db, 'enable_seqscan')).toBe('on');
    // Inside a transaction there is none: the caller's set_config applies there.
    await db.transaction(async (tx) => expect(plannedDb(tx as unknown as Db, { enable_seqscan: 'off' })).toBeUndefined());
    // Only plain names and values reach the connection options.
    expect(() => plannedDb(db, { 'enable_seqscan=off -c x': 'on' })).toThrow(/Invalid planner setting/);
    expect(() => plannedDb(db, { work_mem: '64MB -c statement_timeout=1' })).toThrow(/Invalid planner setting/);
  });
});

describe('opening a database', () => {
  it('vacuums and analyzes a leads table left with no page marked all-visible (as a table rewrite leaves it)', async () => {
    const dataDir = makeTempDir();
    const server = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const open = () => openDatabase(server ? { databaseUrl: server.url, dataDir } : { dataDir });
    const visibility = async (database: Database) =>
      rowsOf<{ pages: number; visible: number }>(
        await database.db.execute(sql`select relpages::int as pages, relallvisible::int as visible from pg_class where oid = 'leads'::regclass`),
      )[0]!;
    try {
      let database = await open();
      // No app on this database, so no cache to tell.
      await database.db.execute(sql`
        insert into leads (company_name, domain, industry, funding_round, funding_date, description, tags, identity_key)
        select 'Company ' || i, 'company-' || i || '.example.com', 'SaaS', 'Seed', current_date - i % 700, repeat('Builds things for teams. ', 12),
          '{saas}', 'company-' || i || '.example.com|Seed'
        from generate_series(1, 2000) as i`);
      // Statistics, but never vacuumed: no page is marked all-visible, so index-only scans would read the table.
      await database.db.execute(sql`analyze leads`);
      const before = await visibility(database);
      expect(before.pages).toBeGreaterThanOrEqual(100);
      expect(before.visible).toBe(0);
      await database.close();
      database = await open();
      const after = await visibility(database);
      expect(after.visible).toBeGreaterThan(before.pages / 2);
      await database.close();
    } finally {
      await server?.dispose();
    }
  }, 120_000);
});
