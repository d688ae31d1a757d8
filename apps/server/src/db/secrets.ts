// Installation secrets: generated once and kept in the database, so every server instance shares them.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { appMeta } from './schema/index.js';

export async function loadInstallationSecret(database: Database, key: string): Promise<string> {
  await database.db.insert(appMeta).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return row.value;
}
