// One attempt of a Slack or webhook delivery, as the delivery worker runs it: send, then say what to store
// (the endpoint's failure streak) and what comes next (done, retry after a delay, give up, or disable the webhook).
import { FALLBACK_FREE_LEADS, type Lead } from '@fundwire/shared';
import type { SendOutcome } from './post.js';
import { decideAfterFailure, type FailureDecision } from './retry.js';
import { sendSlack, slackMessage, type SlackLead } from './slack.js';
import type { Resolve } from './ssrf.js';
import { sendWebhook } from './webhook.js';

export type WebhookEventType = 'leads.matched';

export interface WebhookEvent<L = unknown> {
  type: WebhookEventType;
  timestamp: string;
  data: { savedSearch: { id: string; name: string }; leads: L[] };
}

export function webhookEvent<L>(savedSearch: { id: string; name: string }, leads: readonly L[], at: Date): WebhookEvent<L> {
  return { type: 'leads.matched', timestamp: at.toISOString(), data: { savedSearch: { id: savedSearch.id, name: savedSearch.name }, leads: [...leads] } };
}

/** The lead a test event carries: a built-in sample company, with one made-up contact, marked as a sample. */
export function sampleLead(now: Date): Lead {
  const base = FALLBACK_FREE_LEADS[0];
  if (!base) throw new Error('no sample lead');
  const at = now.toISOString();
  return {
    ...base,
    id: 'sample-test-event',
    tags: ['sample'],
    source: 'manual',
    sourceId: null,
    sourceUrl: null,
    sources: [{ source: 'manual', sourceId: null, sourceUrl: null }],
    editedFields: [],
    companyId: null,
    earlierRounds: 0,
    domainSource: null,
    domainFoundAt: null,
    filedLocation: null,
    contacts: [
      {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'Sam Sample',
        role: 'CEO',
        email: 'sam@ecocharge.example',
        linkedIn: '',
        emailStatus: 'unverified',
        emailSource: 'import',
        emailCheckedAt: null,
        filedName: null,
      },
    ],
    createdAt: at,
    updatedAt: at,
  };
}

/** A lead's line in Slack links to its company page when it has one, else to the saved search. */
export function slackLeads(
  leads: ReadonlyArray<Pick<Lead, 'companyName' | 'fundingRound' | 'fundingAmount' | 'location' | 'contacts' | 'companyId'>>,
  options: { appUrl: string; searchUrl: string },
): SlackLead[] {
  return leads.map((lead) => ({
    companyName: lead.companyName,
    fundingRound: lead.fundingRound,
    fundingAmount: lead.fundingAmount,
    location: lead.location,
    contacts: lead.contacts,
    url: lead.companyId ? `${options.appUrl}/companies/${encodeURIComponent(lead.companyId)}` : options.searchUrl,
  }));
}

export type HookTarget =
  { channel: 'webhook'; url: string; secret: string; webhookId: string } | { channel: 'slack'; url: string; appUrl: string; searchUrl: string; test?: boolean };

export interface AttemptInput {
  target: HookTarget;
  savedSearch: { id: string; name: string };
  /** The leads of the batch, in the API's lead shape. */
  leads: readonly Lead[];
  /** When the event happened (the webhook body's timestamp); the same on every attempt. */
  eventAt: Date;
  /** Attempts made before this one. */
  previousAttempts: number;
  /** First failure of the endpoint's current streak, or null when its last attempt succeeded. */
  failingSince: Date | null;
  now: Date;
  /** config.env !== 'production'. */
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  resolve?: Resolve;
  random?: () => number;
}

export interface AttemptResult {
  outcome: SendOutcome;
  /** attempts after this one. */
  attempts: number;
  /** Store on the endpoint: null after a success, else the streak's first failure (now when it starts). */
  failingSince: Date | null;
  next: { action: 'delivered' } | FailureDecision;
}

export async function attemptHookDelivery(input: AttemptInput): Promise<AttemptResult> {
  const { target } = input;
  const common = { url: target.url, allowPrivateAddresses: input.allowPrivateAddresses, timeoutMs: input.timeoutMs, resolve: input.resolve };
  const outcome =
    target.channel === 'webhook'
      ? await sendWebhook({
          ...common,
          secret: target.secret,
          webhookId: target.webhookId,
          payload: webhookEvent(input.savedSearch, input.leads, input.eventAt),
          now: input.now,
        })
      : await sendSlack({
          ...common,
          ...slackMessage({
            savedSearch: input.savedSearch,
            leads: slackLeads(input.leads, { appUrl: target.appUrl, searchUrl: target.searchUrl }),
            searchUrl: target.searchUrl,
            test: target.test,
          }),
        });
  const attempts = input.previousAttempts + 1;
  if (outcome.ok) return { outcome, attempts, failingSince: null, next: { action: 'delivered' } };
  const failingSince = input.failingSince ?? input.now;
  return {
    outcome,
    attempts,
    failingSince,
    next: decideAfterFailure({ channel: target.channel, attempts, outcome, failingSince, now: input.now, random: input.random }),
  };
}
