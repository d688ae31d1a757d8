// A real SMTP peer for tests (the smtp-server package); parses each mail with mailparser.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Raw header lines by lower-cased name, as sent. */
  rawHeaders: Record<string, string>;
  messageId: string;
}

export interface SmtpReceiverOptions {
  /** Answer RCPT TO with this SMTP error (for example 450 or 550), or accept with null. */
  rejectRecipient?: (address: string) => { code: number; message: string } | null;
  /** Runs before a mail is accepted; an error rejects it. The mail counts only once accepted. */
  beforeAccept?: (mail: ReceivedMail) => Promise<Error | null>;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const rejection = options.rejectRecipient?.(address.address);
      if (!rejection) return callback();
      return callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const rawHeaders: Record<string, string> = {};
          for (const line of parsed.headerLines) rawHeaders[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers as Map<string, unknown>,
            rawHeaders,
            messageId: parsed.messageId ?? '',
          };
          const refusal = options.beforeAccept ? await options.beforeAccept(mail) : null;
          if (refusal) return callback(refusal);
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
