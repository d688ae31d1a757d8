// Maps a row of the Fundraising Fox open dataset (data/samples) to a lead, or says why it is skipped.
// Industry and location are not in the data: they stay null ("Unknown" in the UI), never invented. A row
// without a stage or amount is still a round: both are then undisclosed (null).
import { hasNulCharacter, leadInputSchema, type FundingRound } from '@fundwire/shared';
import type { BulkLead } from '../leads/index.js';

export const FUNDRAISINGFOX_COLUMNS = [
  'company_slug',
  'company_name',
  'fundraisingfox_url',
  'domain',
  'announced_on',
  'stage',
  'round_label',
  'amount_usd',
  'amount_is_floor',
  'basis',
] as const;

export const FUNDRAISINGFOX_ATTRIBUTION = 'Source: Fundraising Fox Open Dataset, v2026-09 (CC BY 4.0), fundraisingfox.com.';

// A Map, not an object: a stage of `constructor` or `__proto__` is unknown text, never a property of Object.prototype.
const STAGES: ReadonlyMap<string, FundingRound> = new Map([
  ['pre-seed', 'Pre-Seed'],
  ['seed', 'Seed'],
  ['series a', 'Series A'],
  ['series b', 'Series B'],
  ['series c', 'Series C'],
  ['growth', 'Series D+'],
]);

/**
 * Maps a stage or a free-text round label to one of the six rounds where the meaning is clear
 * ('Series A-1' → Series A, 'Angel' → Pre-Seed); anything else ('Convertible Note', 'Debt', 'Grant',
 * 'Equity financing (Form D, Rule 506(b))') is undefined: an undisclosed stage, whose label is kept.
 */
export function mapRound(stage: string, label: string): FundingRound | undefined {
  const fromStage = STAGES.get(stage.trim().toLowerCase());
  if (fromStage) return fromStage;
  const text = label.trim().toLowerCase();
  if (!text) return undefined;
  if (/\bpre[-\s]?seed\b|^pre$|\bangel\b/.test(text)) return 'Pre-Seed';
  // 'Seed and Series A' names two stages: not clear.
  if (/\bseed\b/.test(text) && /\bseries\s+[a-z]\b/.test(text)) return undefined;
  if (/\bseed\b/.test(text)) return 'Seed';
  if (/\bpre[-\s]?series\b|\bpre[-\s]?ipo\b/.test(text)) return undefined;
  if (/\bseries\s+a(?:[-\s]?\d+|\+)?\b/.test(text)) return 'Series A';
  if (/\bseries\s+b(?:[-\s]?\d+|\+)?\b/.test(text)) return 'Series B';
  if (/\bseries\s+c(?:[-\s]?\d+|\+)?\b/.test(text)) return 'Series C';
  if (/\bseries\s+([d-z](?:[-\s]?\d+|\+)?|growth)\b|\bgrowth\b|\blate[-\s]stage\b/.test(text)) return 'Series D+';
  return undefined;
}

/** A label that only repeats the stage ('seed round', 'Series A') adds nothing; any other is kept. */
function keptLabel(label: string, round: FundingRound | undefined): string | null {
  const text = label.trim();
  if (!text) return null;
  if (round && text.toLowerCase().replace(/\s+(round|funding|funding round|financing)$/, '') === round.toLowerCase()) return null;
  return text;
}

// Pooled investment funds and SPVs raise money to invest it; they are not startups (Form D's "pooled investment fund").
const FUND_OR_VEHICLE = /\b(fund|funds|fund [ivx]+|l\.?p\.?|spv|feeder|co-invest(ment)?|investment vehicle)\b|\b(series|fund) [ivx]+,? (llc|lp|l\.p\.)\b/i;

export function isPooledFund(name: string): boolean {
  return FUND_OR_VEHICLE.test(name);
}

export type FundraisingFoxRow = Record<(typeof FUNDRAISINGFOX_COLUMNS)[number], string>;
export type MappedRow = { lead: BulkLead } | { skip: string };

/** Which file column a lead field came from, so a skip reason names what the admin sees in the file. */
const COLUMN_OF: ReadonlyMap<string, (typeof FUNDRAISINGFOX_COLUMNS)[number]> = new Map([
  ['companyName', 'company_name'],
  ['domain', 'domain'],
  ['fundingDate', 'announced_on'],
  ['fundingAmount', 'amount_usd'],
  ['roundLabel', 'round_label'],
  ['sourceUrl', 'fundraisingfox_url'],
] as const);

function quoted(value: string): string {
  const trimmed = value.trim();
  return trimmed.length > 40 ? `"${trimmed.slice(0, 40)}…"` : `"${trimmed}"`;
}

/** Maps a row through the one lead-input contract (the form's rules), or says why it is skipped. */
export function mapFundraisingFoxRow(row: FundraisingFoxRow): MappedRow {
  // PostgreSQL text cannot hold U+0000.
  if (Object.values(row).some(hasNulCharacter)) return { skip: 'contains a NUL character' };
  const name = row.company_name.trim();
  if (name && isPooledFund(name)) return { skip: 'a pooled investment fund or SPV, not a startup' };
  const round = mapRound(row.stage, row.round_label);
  const date = row.announced_on.trim();
  const basis = row.basis.trim() === 'sec_filing' ? 'an SEC filing' : 'press reports';
  const undisclosed = row.amount_usd.trim() === '';
  const amountNote = undisclosed ? 'The amount was not disclosed.' : row.amount_is_floor.trim() === 'True' ? 'The filed amount is a minimum.' : '';
  const label = keptLabel(row.round_label, round);
  const what = round ? `${round} round` : label ? `${label} round` : 'Funding round';
  const slug = row.company_slug.trim();
  const url = row.fundraisingfox_url.trim();
  const result = leadInputSchema.safeParse({
    companyName: name,
    domain: row.domain,
    industry: null,
    location: null,
    fundingAmount: row.amount_usd,
    fundingRound: round ?? null,
    roundLabel: label,
    fundingDate: date,
    description: [`${what} announced on ${date}, from ${basis}.`, amountNote, FUNDRAISINGFOX_ATTRIBUTION].filter(Boolean).join(' '),
    tags: ['imported', 'fundraisingfox', row.basis.trim() || 'unknown-basis'],
    sourceUrl: /^https?:\/\//.test(url) ? url : null,
    contacts: [],
  });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const column = COLUMN_OF.get(field);
    if (field === 'companyName' && name === '') return { skip: 'company_name is empty' };
    if (field === 'fundingDate' && date === '') return { skip: 'announced_on is empty' };
    return { skip: column ? `${column} ${quoted(row[column])} ${issue.message}` : `${field} ${issue.message}` };
  }
  return { lead: { ...result.data, source: 'import', sourceId: slug || null } };
}
