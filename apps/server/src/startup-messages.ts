// What the server prints once it listens: where the app is, and on a machine without SMTP, where its mail goes.
import type { Config } from './config.js';

export function startupMessages(config: Pick<Config, 'appUrl' | 'env' | 'smtpUrl' | 'adminEmail'>, databaseKind: string): string[] {
  const messages = [`Fundwire is ready at ${config.appUrl} (database: ${databaseKind})`];
  // The outbox and /dev/mailbox exist only outside production, and only without SMTP_URL.
  if (!config.smtpUrl && config.env !== 'production') {
    messages.push(`Mail (sign-up verification, password resets) goes to the local outbox: read it at ${config.appUrl}/dev/mailbox`);
    messages.push(`The admin is whoever signs up as ${config.adminEmail} (ADMIN_EMAIL) and verifies that address`);
  }
  return messages;
}
