// How a lead's fields become CRM properties. Unknown stays unknown: a field we do not know is left out, never guessed.
import { UNDISCLOSED } from '@fundwire/shared';
import type { CrmLead } from '../leads/index.js';

/** HubSpot's `industry` is an enumeration: our fixed industries mapped to its values; others are left out. */
export const HUBSPOT_INDUSTRIES: Readonly<Record<string, string>> = {
  FinTech: 'FINANCIAL_SERVICES',
  HealthTech: 'HOSPITAL_HEALTH_CARE',
  CleanTech: 'RENEWABLES_ENVIRONMENT',
  Cybersecurity: 'COMPUTER_NETWORK_SECURITY',
  AgTech: 'FARMING',
  AI: 'COMPUTER_SOFTWARE',
  Blockchain: 'COMPUTER_SOFTWARE',
  ECommerce: 'INTERNET',
  SaaS: 'COMPUTER_SOFTWARE',
  EdTech: 'E_LEARNING',
  PropTech: 'REAL_ESTATE',
};

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);

/** "San Francisco, CA" → city and state (United States); "London, United Kingdom" → city and country. */
export function splitLocation(location: string | null): { city?: string; state?: string; country?: string } {
  if (!location) return {};
  const parts = location.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) return {};
  if (parts.length === 1) return US_STATES.has(parts[0]!.toUpperCase()) ? { state: parts[0]!.toUpperCase(), country: 'United States' } : { city: parts[0]! };
  const last = parts[parts.length - 1]!;
  if (US_STATES.has(last.toUpperCase())) return { city: parts[0]!, state: last.toUpperCase(), country: 'United States' };
  if (parts.length >= 3) return { city: parts[0]!, state: parts[1]!, country: last };
  return { city: parts[0]!, country: last };
}

/** First name and the rest; one word is a first name only. */
export function splitName(name: string): { firstname: string; lastname: string } {
  const words = name.trim().split(/\s+/);
  return { firstname: words[0] ?? '', lastname: words.slice(1).join(' ') };
}

export function roundName(lead: CrmLead): string {
  return lead.fundingRound ?? lead.roundLabel ?? UNDISCLOSED;
}

/** The note's lines: round, amount, date, source and where it came from. */
export function noteLines(lead: CrmLead): string[] {
  return [
    `${roundName(lead)} round: ${lead.fundingAmount === null ? 'amount undisclosed' : `$${lead.fundingAmount.toLocaleString('en-US')}`}, ${lead.fundingDate}`,
    ...(lead.sourceUrl ? [`Source: ${lead.sourceUrl}`] : []),
    'via Fundwire',
  ];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function noteHtml(lead: CrmLead): string {
  return noteLines(lead)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
