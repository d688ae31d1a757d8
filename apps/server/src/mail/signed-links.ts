// Signed mail links: confirm a newsletter address, and manage or unsubscribe a recipient, without a
// session. The token names what it is for and whom; an HMAC over that is the credential.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkSubject =
  | { kind: 'newsletter'; subscriberId: string }
  | { kind: 'alerts'; userId: string }
  /** One saved search's email alerts (issue 16): its unsubscribe turns only that search's email off. */
  | { kind: 'saved-search'; savedSearchId: string };
export type LinkPurpose = 'confirm' | 'manage';

/** Confirmation links expire; manage/unsubscribe links keep working, as RFC 8058 expects. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 3_600_000;

export interface VerifiedLink {
  purpose: LinkPurpose;
  subject: LinkSubject;
}

export class MailLinkSigner {
  constructor(private readonly secret: string) {}

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(`fundwire-mail-link:${payload}`).digest('base64url');
  }

  sign(purpose: LinkPurpose, subject: LinkSubject, issuedAt = Date.now()): string {
    const who = subject.kind === 'newsletter' ? `n.${subject.subscriberId}` : subject.kind === 'alerts' ? `u.${subject.userId}` : `s.${subject.savedSearchId}`;
    const payload = Buffer.from(`${purpose}.${who}.${issuedAt.toString(36)}`).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The link's purpose and subject, or null when the token is forged, malformed or expired. */
  verify(token: string, now = Date.now()): VerifiedLink | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [purpose, kind, id, issued] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    if ((purpose !== 'confirm' && purpose !== 'manage') || !id || !issued) return null;
    if (purpose === 'confirm' && now - parseInt(issued, 36) > CONFIRM_LINK_TTL_MS) return null;
    if (kind === 'n') return { purpose, subject: { kind: 'newsletter', subscriberId: id } };
    if (kind === 'u') return { purpose, subject: { kind: 'alerts', userId: id } };
    if (kind === 's') return { purpose, subject: { kind: 'saved-search', savedSearchId: id } };
    return null;
  }
}

export interface RecipientLinks {
  /** The page that unsubscribes in one click (and offers to undo it). */
  unsubscribePage: string;
  /** RFC 8058 one-click endpoint for List-Unsubscribe / List-Unsubscribe-Post. */
  oneClick: string;
  preferences: string;
}

export function recipientLinks(appUrl: string, signer: MailLinkSigner, subject: LinkSubject): RecipientLinks {
  const token = encodeURIComponent(signer.sign('manage', subject, 0));
  return {
    unsubscribePage: `${appUrl}/unsubscribe?token=${token}`,
    oneClick: `${appUrl}/api/unsubscribe?token=${token}`,
    preferences: `${appUrl}/email-preferences?token=${token}`,
  };
}

export function unsubscribeHeaders(links: RecipientLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
