// The OAuth `state`: the user it was made for, when it expires and a nonce, signed with an installation secret
// (HMAC-SHA256). A callback whose state is forged, expired or another user's is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function makeOAuthState(secret: string, userId: string, now = Date.now()): string {
  const payload = `${Buffer.from(userId).toString('base64url')}.${now + OAUTH_STATE_TTL_MS}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** True when the state was signed here, for this user, and has not expired. */
export function checkOAuthState(secret: string, state: string, userId: string, now = Date.now()): boolean {
  const parts = state.split('.');
  if (parts.length !== 4) return false;
  const payload = parts.slice(0, 3).join('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(parts[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (Buffer.from(parts[0]!, 'base64url').toString() !== userId) return false;
  return Number(parts[1]) > now;
}
