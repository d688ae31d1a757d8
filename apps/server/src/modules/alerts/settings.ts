// A paying user's alert settings: how often their digest of new rounds goes out (off, daily or weekly).
// The mail queue (modules/mail-queue) reads them when it prepares an edition; signed mail links change them
// through the newsletter module's preferences page.
import { eq, sql } from 'drizzle-orm';
import type { AlertFrequency } from '@fundwire/shared';
import type { Database } from '../../db/client.js';
import { alertSettings } from '../../db/schema/index.js';

export async function setAlertFrequency(database: Database, userId: string, frequency: AlertFrequency): Promise<void> {
  await database.db
    .insert(alertSettings)
    .values({ userId, frequency })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { frequency, updatedAt: sql`now()` } });
}

/** Weekly until the user chooses otherwise. */
export async function getAlertFrequency(database: Database, userId: string): Promise<AlertFrequency> {
  const [row] = await database.db.select({ frequency: alertSettings.frequency }).from(alertSettings).where(eq(alertSettings.userId, userId));
  return row?.frequency ?? 'weekly';
}
