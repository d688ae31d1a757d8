// Stripe's webhook: the signature checked (and not dated ahead), then the event applied in one transaction.
import type Stripe from 'stripe';
import { badRequest } from '../../errors.js';
import { now, type BillingDeps } from './deps.js';
import { applyStripeEvent, type EventOutcome } from './events.js';

/** Stripe's SDK rejects a signature older than this; we also reject one dated this far ahead. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** True when any `t=` timestamp in a Stripe-Signature header lies beyond the tolerance in the future. */
function isSignedInTheFuture(signature: string | undefined): boolean {
  const latest = now() + SIGNATURE_TOLERANCE_SECONDS;
  return (signature ?? '').split(',').some((part) => {
    const [key, value] = part.split('=');
    return key?.trim() === 't' && Number.parseInt(value ?? '', 10) > latest;
  });
}

export interface WebhookResult {
  outcome: EventOutcome;
  ignored?: string;
}

export async function handleWebhook(deps: BillingDeps, rawBody: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
  // The SDK only checks that a signature is not too old; a future-dated one would stay replayable until then.
  if (isSignedInTheFuture(signature)) throw badRequest('Stripe signature timestamp is in the future');
  let event: Stripe.Event;
  try {
    event = deps.billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.billing.webhookSecret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
  const { outcome, userId, ignored } = await deps.database.rawTransaction((query) => applyStripeEvent(query, deps.billing, event));
  if (userId) deps.onChange?.(userId);
  return ignored ? { outcome, ignored } : { outcome };
}
