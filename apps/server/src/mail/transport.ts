// Outgoing mail: nodemailer over SMTP_URL, or, without it, a local outbox of JSON files in DATA_DIR
// whose links are printed to the log, so a fresh machine can still finish a password reset.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (without brackets' worth of meaning to us): a resent mail keeps its identity. */
  messageId?: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  date: string;
  links: string[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Resolves once every send started so far has finished (delivered, written or failed). */
  flush(): Promise<void>;
  close(): void;
}

/** Keeps track of sends in flight, so flush() can wait for them (shutdown, and tests asserting that nothing was sent). */
function tracked(mailer: Omit<Mailer, 'flush'>): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    ...mailer,
    send(message) {
      const sending = mailer.send(message);
      const settled = sending.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return sending;
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export function extractLinks(text: string): string[] {
  // A sentence may end right after a link ("... at http://host/signup."): that period is not part of it.
  const links = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
  return [...new Set(links)];
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Open SMTP connections at most; bulk senders use as many mails in flight. */
export const MAX_SMTP_CONNECTIONS = 5;

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger; production: boolean }): Mailer {
  if (options.smtpUrl) {
    // Pooled: bulk sends reuse a few open connections instead of one handshake per mail.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: MAX_SMTP_CONNECTIONS, maxMessages: 1_000 });
    return tracked({
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.debug({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    });
  }
  // The outbox logs links (reset, verification) and /dev/mailbox shows them: never in production.
  if (options.production) throw new Error('SMTP_URL must be set in production: the local outbox exists only outside production');
  const dir = outboxDir(options.dataDir);
  return tracked({
    kind: 'outbox',
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const date = new Date().toISOString();
      const stored: StoredMail = { id: randomUUID(), from: options.from, date, links: extractLinks(message.text), ...message };
      writeFileSync(path.join(dir, `${date.replace(/[:.]/g, '-')}-${stored.id}.json`), JSON.stringify(stored, null, 2));
      options.log.info({ to: message.to, subject: message.subject, links: stored.links }, 'mail written to the local outbox (SMTP_URL is not set)');
    },
    close: () => undefined,
  });
}

/** Newest first. */
export function readOutbox(dataDir: string): StoredMail[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as StoredMail);
}
