// What other modules and jobs may use of saved searches: the matcher and the webhook secret.
export { MATCH_BATCH_SIZE, matchLeadChanges, type MatchOptions, type MatchResult } from './matcher.js';
export { newWebhookSecret } from './service.js';
