// Slack incoming webhooks: one message per batch of new leads, as fallback text plus Block Kit blocks.
import { roundText, UNDISCLOSED, UNKNOWN } from '@fundwire/shared';
import { postJson, type SendOutcome } from './post.js';
import type { Resolve } from './ssrf.js';

export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

/** What a Slack line needs of a lead. */
export interface SlackLead {
  companyName: string;
  fundingRound: string | null;
  fundingAmount: number | null;
  location: string | null;
  contacts: unknown[];
  /** Where the lead opens in Fundwire (its company page, or the search). */
  url: string;
}

/** Slack allows 50 blocks; the rest of a large batch is counted, not listed. */
export const SLACK_MAX_LEADS = 20;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Slack's mrkdwn control characters, escaped as its docs ask. */
export function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function leadLine(lead: SlackLead): string {
  const amount = lead.fundingAmount === null ? UNDISCLOSED : money.format(lead.fundingAmount);
  const contacts = `${lead.contacts.length} contact${lead.contacts.length === 1 ? '' : 's'}`;
  return `${roundText(lead)} · ${amount} · ${lead.location ?? UNKNOWN} · ${contacts}`;
}

export function slackMessage(input: { savedSearch: { id: string; name: string }; leads: SlackLead[]; searchUrl: string; test?: boolean }): SlackMessage {
  const count = input.leads.length;
  const name = escapeSlack(input.savedSearch.name);
  const title = `${input.test ? '[Test] ' : ''}${count} new lead${count === 1 ? '' : 's'} for “${name}”`;
  const shown = input.leads.slice(0, SLACK_MAX_LEADS);
  const more = count - shown.length;
  const blocks: unknown[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${title}* on Fundwire` } },
    ...shown.map((lead) => ({
      type: 'section',
      text: { type: 'mrkdwn', text: `*<${lead.url}|${escapeSlack(lead.companyName)}>*\n${escapeSlack(leadLine(lead))}` },
    })),
    ...(more > 0 ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `…and ${more} more.` }] }] : []),
    {
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the saved search' }, url: input.searchUrl }],
    },
  ];
  // The fallback text (notifications, clients without blocks) is mrkdwn too: a company named `<!channel>` must stay text.
  const lines = shown.map((lead) => `• ${escapeSlack(lead.companyName)}: ${escapeSlack(leadLine(lead))}`);
  const text = [`${title}:`, ...lines, ...(more > 0 ? [`…and ${more} more.`] : []), escapeSlack(input.searchUrl)].join('\n');
  return { text, blocks };
}

export interface SendSlackOptions extends SlackMessage {
  url: string;
  timeoutMs?: number;
  allowPrivateAddresses: boolean;
  resolve?: Resolve;
}

export function sendSlack(options: SendSlackOptions): Promise<SendOutcome> {
  return postJson({
    url: options.url,
    body: JSON.stringify({ text: options.text, blocks: options.blocks }),
    timeoutMs: options.timeoutMs,
    allowPrivateAddresses: options.allowPrivateAddresses,
    resolve: options.resolve,
  });
}
