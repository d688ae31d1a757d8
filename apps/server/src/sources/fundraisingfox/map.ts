// A row of the live Fundraising Fox dataset as a lead: the admin import's mapping (modules/admin/fundraisingfox.ts),
// with the live source's name, its row's page as sourceUrl, "at least" for a filed minimum, and the attribution
// the licence asks for (CC BY 4.0).
import { createHash } from 'node:crypto';
import type { BulkLead } from '../../modules/leads/index.js';
import { FUNDRAISINGFOX_ATTRIBUTION, FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow, type FundraisingFoxRow } from '../../modules/admin/index.js';
import { contractViolation, fitLeadToContract } from '../lead-limits.js';

export const FUNDRAISINGFOX_SOURCE_ATTRIBUTION = 'Fundraising Fox Open Dataset (CC BY 4.0)';
export const FUNDRAISINGFOX_DEFAULT_URL = 'https://raw.githubusercontent.com/fundraisingfox/data/main/rounds.csv';

/** A row's identity within the dataset (it has no row id): the company's slug, the announcement day, and which of that pair's rows it is. */
export function rowKey(row: FundraisingFoxRow, occurrence: number): string {
  const base = `${row.company_slug.trim()}/${row.announced_on.trim()}`;
  return occurrence === 0 ? base : `${base}/${occurrence + 1}`;
}

/** What changes when a row changes: every cell. */
export function rowHash(cells: readonly string[]): string {
  return createHash('sha1').update(cells.join('\u001f')).digest('base64url');
}

export function toRow(header: readonly string[], cells: readonly string[]): FundraisingFoxRow {
  const row = {} as FundraisingFoxRow;
  for (const column of FUNDRAISINGFOX_COLUMNS) {
    const index = header.indexOf(column);
    row[column] = index >= 0 ? (cells[index] ?? '') : '';
  }
  return row;
}

/** The columns the file must name, or null when it names them all. */
export function missingColumns(header: readonly string[]): string[] {
  return FUNDRAISINGFOX_COLUMNS.filter((column) => !header.includes(column));
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function mapLiveRow(row: FundraisingFoxRow, key: string): { lead: BulkLead } | { skip: string } {
  const mapped = mapFundraisingFoxRow(row);
  if ('skip' in mapped) return mapped;
  const lead = mapped.lead;
  const floor = row.amount_is_floor.trim() === 'True' && lead.fundingAmount !== null;
  const description = lead.description
    .replace('The filed amount is a minimum.', floor ? `At least ${usd(lead.fundingAmount!)} (the filed amount is a minimum).` : '')
    .replace(FUNDRAISINGFOX_ATTRIBUTION, `Source: ${FUNDRAISINGFOX_SOURCE_ATTRIBUTION}.`)
    .replace(/\s{2,}/g, ' ');
  // Third-party data meets the lead-input contract like every source (sources/lead-limits.ts).
  const fitted = fitLeadToContract({
    ...lead,
    description,
    source: 'fundraisingfox',
    sourceId: key,
    identityKey: `fundraisingfox:${key}`,
    sourceUrl: lead.sourceUrl ?? null,
  }).lead;
  const violation = contractViolation(fitted);
  return violation ? { skip: `invalid: ${violation}` } : { lead: fitted };
}
