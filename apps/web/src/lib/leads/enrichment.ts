// How a lead's enrichment reads on screen: each email status as a badge with what it means, where an email or a
// website came from, and the admin's coverage shares. The server's values (packages/shared) in plain words.
import type { DomainSource, EmailSource, EmailStatus } from '@fundwire/shared';

export type EmailStatusValue = EmailStatus;
export type EmailSourceValue = EmailSource;
export type DomainSourceValue = DomainSource;

export interface EmailStatusText {
  label: string;
  /** What the status means, for the badge's tooltip. */
  meaning: string;
  tone: 'success' | 'warning' | 'neutral' | 'danger';
}

export const EMAIL_STATUS_TEXT: Record<EmailStatusValue, EmailStatusText> = {
  verified: {
    label: 'Verified',
    meaning: 'A provider checked that this mailbox exists: this address accepts mail.',
    tone: 'success',
  },
  accept_all: {
    label: 'Accepts all',
    meaning: "The company's mail server accepts every address, so this one could not be confirmed. It may still bounce.",
    tone: 'warning',
  },
  unverified: {
    label: 'Unverified',
    meaning: 'Not confirmed with the mail server. It may be right, but send with care.',
    tone: 'neutral',
  },
  bounced: {
    label: 'Bounced',
    meaning: 'Mail to this address bounced. It is left out of exports, the API and alert mails, and never looked up again.',
    tone: 'danger',
  },
};

/** Where an email came from, as a small note beside it. A pattern's address is a guess, and says so. */
export const EMAIL_SOURCE_TEXT: Record<EmailSourceValue, string> = {
  import: 'Imported',
  admin: 'Added by an admin',
  provider: 'Found by provider',
  pattern: "Guessed from the company's email pattern",
};

/** Where a company's website came from, as the note beside the link. */
export const DOMAIN_SOURCE_TEXT: Record<DomainSourceValue, string> = {
  filing: 'from SEC filing',
  sec: "from the company's SEC record",
  import: 'from an import',
  fundraisingfox: 'from Fundraising Fox',
  provider: 'found by provider',
  admin: 'added by an admin',
};

export function emailStatusText(status: EmailStatusValue | null | undefined): EmailStatusText | null {
  return status ? EMAIL_STATUS_TEXT[status] : null;
}

export function emailSourceText(source: EmailSourceValue | null | undefined): string | null {
  return source ? EMAIL_SOURCE_TEXT[source] : null;
}

export function domainSourceText(source: DomainSourceValue | null | undefined): string | null {
  return source ? DOMAIN_SOURCE_TEXT[source] : null;
}

/** "42%": a share of `total`, rounded down so a partial coverage never reads 100%; "—" when there is nothing to share. */
export function coveragePercent(part: number, total: number): string {
  if (total <= 0) return '—';
  const share = Math.floor((Math.min(part, total) / total) * 100);
  return `${share}%`;
}
