// Planner settings for one kind of read (decision 026): on PostgreSQL a pool of their own, opened with them, so a read
// needs no transaction to set them; PGlite and transactions have none (the caller sets them in a transaction).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/helpers.js';
import { plannedDb, rowsOf, type Db } from './client.js';

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
