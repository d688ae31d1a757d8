// Following the ADMIN_EMAIL verification link proves who reads that mailbox, not who signed up with the
// address: whoever did first may be someone else. So the link, the first time it verifies the address, takes the
// account over for its holder: every session ends, API keys are revoked, the password stops working, and the
// link lands on the set-a-new-password form with a fresh reset token (decision 035).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';

/** How long the holder of the verification link has to choose the password (as a mailed reset link). */
const TAKEOVER_RESET_EXPIRES_MS = 60 * 60_000;
/** Where the link lands after taking the account over; the reset page explains why (`verified=admin`). */
export const ADMIN_SET_PASSWORD_PATH = '/reset-password';

/** The email a verification token names. Its signature is checked by better-auth; this only reads the claim. */
export function emailOfVerificationToken(token: string | null): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The id of the ADMIN_EMAIL account while its address is unverified (the link about to be followed would verify it). */
export async function unverifiedAdminAccount(database: Database, adminEmail: string, token: string | null): Promise<string | undefined> {
  if (emailOfVerificationToken(token) !== adminEmail) return undefined;
  const [row] = await database.db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(sql`lower(${users.email})`, adminEmail)).limit(1);
  return row && !row.emailVerified ? row.id : undefined;
}

/**
 * Once the link has verified the address: in one transaction, end every session, revoke the API keys and clear
 * the password of the account, and make a reset token for the link's holder. Returns where to send them.
 */
export async function takeOverAdminAccount(database: Database, userId: string): Promise<string | undefined> {
  const token = randomBytes(18).toString('base64url');
  const taken = await database.rawTransaction(async (query) => {
    const user = await query(`select email_verified from users where id = $1 for update`, [userId]);
    if (user.rows[0]?.email_verified !== true) return false;
    await query(`delete from sessions where user_id = $1`, [userId]);
    await query(`update api_keys set revoked_at = now() where user_id = $1 and revoked_at is null`, [userId]);
    await query(`update accounts set password = null, updated_at = now() where user_id = $1 and provider_id = 'credential'`, [userId]);
    // The same record better-auth's own reset link makes, so its reset-password endpoint accepts the token.
    await query(
      `insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
       values ($1, $2, $3, now() + make_interval(secs => $4), now(), now())`,
      [randomBytes(16).toString('hex'), `reset-password:${token}`, userId, TAKEOVER_RESET_EXPIRES_MS / 1000],
    );
    return true;
  });
  return taken ? `${ADMIN_SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}&verified=admin` : undefined;
}
