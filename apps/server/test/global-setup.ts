// Migrates one template database per integration run, so each test's database starts migrated instead of
// applying every migration again: a PGlite data directory dumped to a file, and on PostgreSQL (TEST_DATABASE_URL)
// a database that createTestDatabase() copies with CREATE DATABASE … TEMPLATE. Both are removed at the end.
// TEST_DB_TEMPLATE=off makes no template: every test database migrates from scratch, as before templates existed
// (to time the suite both ways with the same tests).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (its dumpDataDir tarball). */
    pgliteTemplateFile: string;
    /** The migrated PostgreSQL database that test databases are copied from; empty without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** False under TEST_DB_TEMPLATE=off: each test database migrates from scratch. */
    useTemplate: boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const useTemplate = process.env.TEST_DB_TEMPLATE !== 'off';
  project.provide('useTemplate', useTemplate);
  if (!useTemplate) {
    project.provide('pgliteTemplateFile', '');
    project.provide('postgresTemplate', '');
    return async () => {};
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'fundwire-template-'));
  const templateFile = path.join(folder, 'pglite.tar');
  const pglite = await openDatabase({ dataDir: 'memory://' });
  const dump = await pglite.dumpDataDir!();
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', templateFile);

  const base = process.env.TEST_DATABASE_URL;
  let postgresTemplate = '';
  if (base) {
    postgresTemplate = `fundwire_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${postgresTemplate}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: folder });
    await database.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!base || !postgresTemplate) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
    await admin.end();
  };
}
