// What other modules and jobs may use of saved searches: the matcher, the alert sender and its channel interface,
// the webhook secret, and the one-click unsubscribe of one search's mails.
export { MATCH_BATCH_SIZE, matchLeadChanges, type MatchOptions, type MatchResult } from './matcher.js';
export {
  ALERT_LEAD_LIMIT,
  alertBackoffMs,
  drainAlertDeliveries,
  emailChannel,
  type AlertBatch,
  type AlertChannelSender,
  type AlertDrainOptions,
  type AlertDrainResult,
  type AlertOutcome,
  type AlertSenderDeps,
} from './sender.js';
export { hookChannels, type HookDeps } from './hooks.js';
export { newWebhookSecret, savedSearchEmailState, turnOffSavedSearchEmail } from './service.js';
