// What jobs may use of billing: the subscription clock.
export { runSubscriptionClock } from './service.js';
