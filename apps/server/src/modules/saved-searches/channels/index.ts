// The Slack and webhook channels of saved-search alerts: sending, retry decisions and the address guard.
export { ALERT_USER_AGENT, DEFAULT_TIMEOUT_MS, parseRetryAfter, postJson, type SendOutcome } from './post.js';
export { decideAfterFailure, FAILING_ENDPOINT_LIMIT_MS, MAX_ATTEMPTS, nextAttemptDelay, RETRY_SCHEDULE_MS, type FailureDecision } from './retry.js';
export { sendSlack, slackMessage, SLACK_MAX_LEADS, type SlackLead, type SlackMessage } from './slack.js';
export { BlockedAddressError, isPrivateAddress, resolveAllowedAddresses } from './ssrf.js';
export { newWebhookId, sendWebhook, signWebhook } from './webhook.js';
export {
  attemptHookDelivery,
  sampleLead,
  slackLeads,
  webhookEvent,
  type AttemptInput,
  type AttemptResult,
  type HookTarget,
  type WebhookEvent,
} from './attempt.js';
