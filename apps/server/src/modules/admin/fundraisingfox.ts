// Maps a row of the Fundraising Fox open dataset (data/samples) to a lead, or says why it is skipped.
// Industry and location are not in the data: they stay empty ("Unknown" in the UI), never invented.
import { hasNulCharacter, isDomain, isoDateSchema, MAX_FUNDING_AMOUNT, normalizeDomain, type FundingRound } from '@fundwire/shared';
import type { BulkLead } from '../leads/bulk.js';

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

const STAGES: Record<string, FundingRound> = {
  'pre-seed': 'Pre-Seed',
  seed: 'Seed',
  'series a': 'Series A',
  'series b': 'Series B',
  'series c': 'Series C',
  growth: 'Series D+',
};

/** Maps a stage or a free-text round label to one of the six rounds, or undefined. */
export function mapRound(stage: string, label: string): FundingRound | undefined {
  const fromStage = STAGES[stage.trim().toLowerCase()];
  if (fromStage) return fromStage;
  const text = label.trim().toLowerCase();
  if (!text) return undefined;
  if (/\bpre[-\s]?seed\b|^pre$|\bangel\b/.test(text)) return 'Pre-Seed';
  if (/\bseed\b/.test(text)) return 'Seed';
  if (/\bseries\s+a\b/.test(text)) return 'Series A';
  if (/\bseries\s+b\b/.test(text)) return 'Series B';
  if (/\bseries\s+c\b/.test(text)) return 'Series C';
  if (/\bseries\s+([d-z]|growth)\b|\bgrowth\b|\blate[-\s]stage\b/.test(text)) return 'Series D+';
  return undefined;
}

const FUND_OR_VEHICLE = /\b(fund|funds|fund [ivx]+|l\.?p\.?|spv|vehicle|feeder|partners fund|capital partners|investors? llc|co-invest(ment)?)\b/i;
const REAL_ESTATE = /\b(real estate|realty|properties|property|apartments|residential|reit|homes llc)\b/i;

export type MappedRow = { lead: BulkLead } | { skip: string };

/** The lead form's limit; longer names would also not fit the identity key's index. */
const MAX_COMPANY_NAME = 200;

export function mapFundraisingFoxRow(row: Record<(typeof FUNDRAISINGFOX_COLUMNS)[number], string>): MappedRow {
  // PostgreSQL text cannot hold U+0000.
  if (Object.values(row).some(hasNulCharacter)) return { skip: 'contains a NUL character' };
  const name = row.company_name.trim();
  if (!name) return { skip: 'no company name' };
  if (name.length > MAX_COMPANY_NAME) return { skip: `company name is longer than ${MAX_COMPANY_NAME} characters` };
  const date = row.announced_on.trim();
  // The lead form's rule: a real calendar date (not 2020-02-30, not year 0000).
  if (!isoDateSchema.safeParse(date).success) return { skip: `no valid date (${date || 'empty'})` };
  // The lead form's rule too; an empty domain is allowed (the lead is then known by its name).
  const domain = row.domain.trim() === '' ? '' : normalizeDomain(row.domain);
  if (domain !== '' && !isDomain(domain)) return { skip: `domain "${row.domain.trim()}" is not a domain such as acme.com` };
  if (REAL_ESTATE.test(name)) return { skip: 'real estate, not a startup' };
  if (FUND_OR_VEHICLE.test(name)) return { skip: 'a fund or investment vehicle, not a startup' };
  const round = mapRound(row.stage, row.round_label);
  if (!round) {
    const label = row.round_label.trim();
    return { skip: label ? `round "${label}" is not one of the six rounds` : 'no round' };
  }
  const amount = row.amount_usd.trim() === '' ? 0 : Math.round(Number(row.amount_usd));
  if (!Number.isFinite(amount) || amount < 0) return { skip: `amount "${row.amount_usd}" is not a number` };
  if (amount > MAX_FUNDING_AMOUNT) return { skip: `amount "${row.amount_usd}" is too large` };
  const basis = row.basis.trim() === 'sec_filing' ? 'an SEC filing' : 'press reports';
  const amountNote =
    amount === 0 ? 'The amount was not disclosed.' : row.amount_is_floor.trim() === 'True' ? 'The filed amount is a minimum.' : '';
  return {
    lead: {
      companyName: name,
      domain,
      industry: '',
      location: '',
      fundingAmount: amount,
      fundingRound: round,
      fundingDate: date,
      description: [`${round} round announced on ${date}, from ${basis}.`, amountNote, FUNDRAISINGFOX_ATTRIBUTION].filter(Boolean).join(' '),
      tags: ['imported', 'fundraisingfox', row.basis.trim() || 'unknown-basis'],
      sourceUrl: /^https?:\/\//.test(row.fundraisingfox_url.trim()) ? row.fundraisingfox_url.trim() : null,
      contacts: [],
    },
  };
}
