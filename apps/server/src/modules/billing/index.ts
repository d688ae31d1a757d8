// What jobs and other modules may use of billing: the subscription clock, and the one "has paid access now" check.
export { runSubscriptionClock } from './service.js';
export { hasPaidAccessNow, PAUSED_NO_SUBSCRIPTION, withPaidAccessNow, type PaidAccessRule } from './paid-access.js';
