// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL, so one Drizzle schema and one set of migrations serve both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The common Drizzle surface of both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw parameterised query: multi-row writes, queues and locks use these (docs/decisions/028-raw-sql-writes-drizzle-reads.md); reads use Drizzle. */
export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn inside one transaction on one connection; rolls back if fn throws. */
  rawTransaction<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  /** Calls handler with the payload of every NOTIFY on channel, from any instance. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `pgliteDataDump` opens again (tests' migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir: string;
  /** Where to report a lost idle connection (defaults to stderr). */
  warn?: (message: string) => void;
  /** PGlite only: start from this dump of a data directory (an already migrated one, for tests) instead of an empty one. */
  pgliteDataDump?: Blob | undefined;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 7_318_402_114;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.warn ?? ((message) => console.error(message)));
  return openPglite(options.dataDir, options.pgliteDataDump);
}

/** A leads table of at least this many pages with none marked all-visible is vacuumed after migrating. */
const VACUUM_MIN_PAGES = 100;

/**
 * A migration that rewrites the leads table (0022 adds its search vector again) leaves it without statistics and
 * without a visibility map, and autovacuum does not count a rewrite as changes. Until a VACUUM, the estimates that
 * choose a search's strategy are defaults and every index-only scan of the covering indexes reads the table too
 * (decision 026). So after migrating, a leads table of VACUUM_MIN_PAGES pages or more none of which is marked
 * all-visible is vacuumed and analyzed, outside any transaction, as VACUUM must be.
 */
async function vacuumIfRewritten(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<void> {
  const { rows } = await query(`select relpages, relallvisible from pg_class where oid = 'leads'::regclass`);
  const [table] = rows;
  if (table && Number(table.relpages) >= VACUUM_MIN_PAGES && Number(table.relallvisible) === 0) await query('vacuum (analyze) leads');
}

async function openPglite(dataDir: string, dataDump?: Blob): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm }, ...(dataDump ? { loadDataDir: dataDump } : {}) });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  await vacuumIfRewritten((text) => client.query<Record<string, unknown>>(text));
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    rawTransaction: (fn) => client.transaction((tx) => fn(async (text, params) => tx.query<Record<string, unknown>>(text, params))),
    listen: async (channel, handler) => {
      await client.listen(channel, handler);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, warn: (message: string) => void): Promise<Database> {
  // jit off: short queries only. Compiling a plan costs more than any of them takes, and a large estimate (a count
  // over a common word) would have the server compile one on every request (decision 026).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  const listeners: pg.Client[] = [];
  const closers: (() => void)[] = [];
  // An idle connection the server closes (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => warn(`PostgreSQL pool: idle connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  const planned = new Map<string, { pool: pg.Pool; db: Db }>();
  plannedPools.set(db as unknown as Db, (settings) => {
    const key = Object.entries(settings)
      .map(([name, value]) => {
        if (!PLAN_NAME.test(name) || !PLAN_VALUE.test(value)) throw new Error(`Invalid planner setting ${name}=${value}`);
        return `-c ${name}=${value}`;
      })
      .join(' ');
    let entry = planned.get(key);
    if (!entry) {
      // Few connections each: these reads are a part of the searches, and idle ones close after 30 s.
      const plannedPool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000, options: `-c jit=off ${key}` });
      plannedPool.on('error', (error) => warn(`PostgreSQL pool: idle connection lost: ${error.message}`));
      entry = { pool: plannedPool, db: drizzlePg({ client: plannedPool, schema }) as unknown as Db };
      planned.set(key, entry);
    }
    return entry.db;
  });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder });
    await vacuumIfRewritten((text) => lock.query<Record<string, unknown>>(text));
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lock.release();
  }
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    rawTransaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(async (text, params) => client.query(text, params));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, handler) => {
      // One dedicated connection per channel; it reconnects if the server drops it.
      let stopped = false;
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', (error) => {
          warn(`PostgreSQL LISTEN ${channel}: ${error.message}; reconnecting`);
          void client.end().catch(() => undefined);
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
        });
        await client.connect();
        await client.query(`listen ${channel}`);
        listeners.push(client);
      };
      closers.push(() => {
        stopped = true;
      });
      await connect();
    },
    close: async () => {
      for (const close of closers) close();
      await Promise.all(listeners.map((client) => client.end().catch(() => undefined)));
      await Promise.all([...planned.values()].map((entry) => entry.pool.end()));
      await pool.end();
    },
  };
}

/** Planner settings for one kind of read (decision 026), e.g. { enable_seqscan: 'off' }. */
export type PlanSettings = Record<string, string>;

/** For each PostgreSQL Db, the pools whose connections start with given planner settings (made on first use). */
const plannedPools = new WeakMap<Db, (settings: PlanSettings) => Db>();

/**
 * A Db whose every statement runs with these planner settings: on PostgreSQL, a small pool of its own whose
 * connections are opened with them, so a read needs no transaction to set them (one round trip, not four). Undefined
 * for PGlite and for transactions, which set them with set_config in a transaction instead.
 */
export function plannedDb(db: Db, settings: PlanSettings): Db | undefined {
  return plannedPools.get(db)?.(settings);
}

const PLAN_NAME = /^[a-z_]+$/;
const PLAN_VALUE = /^[A-Za-z0-9]+$/;

/** Rows of a db.execute() result: both drivers answer with {rows}. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * db.execute(query) as a named prepared statement: on PostgreSQL each connection parses and plans the text once and
 * then reuses its plan (the driver keeps the name per connection). Only for a text that never changes and whose plan
 * does not depend on its values: one name, one text (the driver refuses a name reused for another text). PGlite runs
 * it as db.execute does.
 */
export async function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as {
    session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
