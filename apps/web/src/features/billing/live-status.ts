// Timing for the live subscription stream (GET /api/me/events). EventSource retries a dropped
// connection by itself; these cover the case where the browser gives up (readyState CLOSED).

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** Wait before reopening the stream after the browser gave up: 2 s, 4 s, 8 s ... at most 60 s. */
export function reconnectDelay(attempt: number): number {
  if (!Number.isFinite(attempt) || attempt < 0) return FIRST_RETRY_MS;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
}
