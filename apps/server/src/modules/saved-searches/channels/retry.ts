// When a failed alert delivery is tried again, and when a failing webhook endpoint is switched off: the
// Standard Webhooks retry schedule with jitter, Retry-After on top, 410 at once, a day of failures at most.

/** Delay before attempt n+1 (index n): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;
/** Attempts in all: the first plus the retries of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
export const JITTER = 0.1;
/** A Retry-After longer than this is capped: the schedule's longest wait. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
/** An endpoint failing without a success for longer than this is disabled. */
export const FAILING_ENDPOINT_LIMIT_MS = 24 * 3_600_000;

/**
 * How long to wait after `attempts` attempts have failed (1 after the first), or null when the schedule is spent.
 * The schedule's delay gets ±10 % jitter; a receiver's Retry-After (429/503) is honoured when it asks for longer.
 */
export function nextAttemptDelay(attempts: number, retryAfterMs?: number, random: () => number = Math.random): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError('attempts counts the attempts made, from 1');
  const scheduled = RETRY_SCHEDULE_MS[attempts];
  if (scheduled === undefined) return null;
  const jittered = Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
  return retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

export type FailureDecision =
  | { action: 'retry'; delayMs: number }
  /** The schedule is spent: the delivery is failed, the endpoint stays on. */
  | { action: 'give-up' }
  /** Stop this delivery and switch the endpoint off (store disabledAt and the reason; email the owner when it was on). */
  | { action: 'disable'; reason: string };

/**
 * What to do after a failed attempt. `failingSince` is the first failure of the endpoint's current streak
 * (cleared by any success), including this one. Only webhooks are disabled; Slack just runs out of retries.
 */
export function decideAfterFailure(input: {
  channel: 'webhook' | 'slack';
  attempts: number;
  outcome: { gone: boolean; statusCode: number | null; retryAfterMs?: number };
  failingSince: Date;
  now: Date;
  random?: () => number;
}): FailureDecision {
  if (input.channel === 'webhook') {
    if (input.outcome.gone) return { action: 'disable', reason: 'The endpoint answered 410 Gone.' };
    if (input.now.getTime() - input.failingSince.getTime() > FAILING_ENDPOINT_LIMIT_MS) {
      return { action: 'disable', reason: `Every delivery failed for more than 24 hours (since ${input.failingSince.toISOString()}).` };
    }
  }
  const delayMs = nextAttemptDelay(input.attempts, input.outcome.retryAfterMs, input.random);
  return delayMs === null ? { action: 'give-up' } : { action: 'retry', delayMs };
}
