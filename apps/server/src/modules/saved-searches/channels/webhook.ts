// Standard Webhooks delivery (https://www.standardwebhooks.com): a JSON POST signed with the saved search's
// whsec_ secret by the `standardwebhooks` package, under a webhook-id that stays the same across retries.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { postJson, type SendOutcome } from './post.js';
import type { Resolve } from './ssrf.js';

/** A new message id; store it with the delivery so every retry sends the same one. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The webhook-* headers for one attempt: the timestamp is the attempt's, the id the delivery's. */
export function signWebhook(options: { secret: string; webhookId: string; body: string; now?: Date }): Record<string, string> {
  const now = options.now ?? new Date();
  return {
    'webhook-id': options.webhookId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(options.secret).sign(options.webhookId, now, options.body),
  };
}

export interface SendWebhookOptions {
  url: string;
  secret: string;
  webhookId: string;
  /** Serialised once; the signature covers exactly the bytes sent. */
  payload: unknown;
  timeoutMs?: number;
  /** In production false: the URL must resolve to public addresses only (ssrf.ts). */
  allowPrivateAddresses: boolean;
  resolve?: Resolve;
  now?: Date;
}

export async function sendWebhook(options: SendWebhookOptions): Promise<SendOutcome> {
  const body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
  let headers: Record<string, string>;
  try {
    headers = signWebhook({ secret: options.secret, webhookId: options.webhookId, body, now: options.now });
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: 0, gone: false, error: `Could not sign: ${error instanceof Error ? error.message : String(error)}` };
  }
  return postJson({
    url: options.url,
    body,
    headers,
    timeoutMs: options.timeoutMs,
    allowPrivateAddresses: options.allowPrivateAddresses,
    resolve: options.resolve,
  });
}
