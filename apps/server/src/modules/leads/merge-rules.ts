// Merge rules, pure: which two reports are the same company and the same round, and a merged lead's fields from its
// reports by source precedence (docs/decisions/038-merging-rounds-across-sources.md). No database here.
import type { BulkLead } from './bulk.js';
import { locationCountry, normalizeCompanyIdentityName, registrableDomain } from './company-identity.js';

/** Sources whose leads are merged: the live feeds and the admin's import of the same dataset. Hand-made leads never are. */
export const MERGED_SOURCES = ['sec-form-d', 'fundraisingfox', 'import'] as const;

/** One source's report of a round, as that source wrote it. */
export interface ReportFields {
  companyName: string;
  domain: string;
  industry: string | null;
  fundingAmount: number | null;
  fundingRound: string | null;
  roundLabel: string | null;
  location: string | null;
  fundingDate: string;
  description: string;
  tags: string[];
  cik: string | null;
  companyId: string | null;
}

/** A stored lead as the merge reads it. */
export interface LeadRow extends ReportFields {
  id: string;
  source: string;
  sourceId: string | null;
  sourceUrl: string | null;
  identityKey: string;
  editedFields: string[];
  /** Sources already in the lead (its reports, or its own source). */
  sources: string[];
  /** Identity keys of its reports (its own included). */
  reportKeys: string[];
}

export function fieldsOf(row: ReportFields): ReportFields {
  const { companyName, domain, industry, fundingAmount, fundingRound, roundLabel, location, fundingDate, description, tags, cik, companyId } = row;
  return { companyName, domain, industry, fundingAmount, fundingRound, roundLabel, location, fundingDate, description, tags, cik, companyId };
}

export function fieldsOfBulk(lead: BulkLead, companyId: string | null): ReportFields {
  return {
    companyName: lead.companyName,
    domain: lead.domain,
    industry: lead.industry,
    fundingAmount: lead.fundingAmount,
    fundingRound: lead.fundingRound,
    roundLabel: lead.roundLabel ?? null,
    location: lead.location,
    fundingDate: lead.fundingDate,
    description: lead.description,
    tags: lead.tags,
    cik: lead.cik ?? null,
    companyId,
  };
}

const cikOf = (value: string | null) => value?.replace(/\D/g, '').replace(/^0+/, '') || '';

/**
 * Same company: the same CIK; else the same registrable domain; else the same normalised name with nothing
 * contradicting it (a different domain, CIK or country).
 */
export function sameCompany(a: Pick<ReportFields, 'cik' | 'domain' | 'companyName' | 'location'>, b: Pick<ReportFields, 'cik' | 'domain' | 'companyName' | 'location'>): boolean {
  const [cikA, cikB] = [cikOf(a.cik), cikOf(b.cik)];
  if (cikA && cikB) return cikA === cikB;
  const [domainA, domainB] = [a.domain ? registrableDomain(a.domain) : '', b.domain ? registrableDomain(b.domain) : ''];
  if (domainA && domainB) return domainA === domainB;
  const name = normalizeCompanyIdentityName(a.companyName);
  if (!name || name !== normalizeCompanyIdentityName(b.companyName)) return false;
  const [countryA, countryB] = [locationCountry(a.location), locationCountry(b.location)];
  return !countryA || !countryB || countryA === countryB;
}

export const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
const within = (a: number | null, b: number | null, share: number) => a === null || b === null || Math.abs(a - b) <= share * Math.max(a, b);
/** A dataset row whose basis is an SEC filing (tagged so by the mapping). */
const secBased = (row: { tags: string[] }) => row.tags.includes('sec_filing');

/**
 * How strongly two reports are the same round: 2 for an SEC-based row and a Form D filing within 7 days with
 * amounts within 1%; 1 for any two reports within 30 days whose amounts (when both known) are within 10%; 0 otherwise.
 */
export function sameRound(a: Pick<LeadRow, 'source' | 'tags' | 'fundingDate' | 'fundingAmount'>, b: Pick<LeadRow, 'source' | 'tags' | 'fundingDate' | 'fundingAmount'>): 0 | 1 | 2 {
  const days = daysApart(a.fundingDate, b.fundingDate);
  const secPair = (a.source === 'sec-form-d' && secBased(b)) || (b.source === 'sec-form-d' && secBased(a));
  if (secPair && days <= 7 && a.fundingAmount !== null && b.fundingAmount !== null && within(a.fundingAmount, b.fundingAmount, 0.01)) return 2;
  if (days <= 30 && within(a.fundingAmount, b.fundingAmount, 0.1)) return 1;
  return 0;
}

/** The fields where the filing comes first; for the rest, the other sources do. */
const FILING_FIRST = new Set<keyof ReportFields>(['fundingAmount', 'fundingDate', 'location', 'industry', 'companyName']);
const SOURCE_ORDER = ['fundraisingfox', 'import', 'sec-form-d'];

export interface Report {
  identityKey: string;
  source: string;
  fields: ReportFields;
}

/** The lead's fields from its reports: an admin's edit, then the filing (amount, date, location, people), then the best other source (stage, label, domain); never unknown over known. */
export function combine(reports: Report[]): ReportFields {
  const ordered = [...reports].sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
  const filingFirst = [...ordered.filter((report) => report.source === 'sec-form-d'), ...ordered.filter((report) => report.source !== 'sec-form-d')];
  const pick = <K extends keyof ReportFields>(field: K): ReportFields[K] => {
    const order = FILING_FIRST.has(field) ? filingFirst : ordered;
    const known = order.find((report) => report.fields[field] !== null && report.fields[field] !== '');
    return (known ?? order[0]!).fields[field];
  };
  const filing = filingFirst[0]!;
  return {
    companyName: pick('companyName'),
    domain: pick('domain'),
    industry: pick('industry'),
    fundingAmount: pick('fundingAmount'),
    fundingRound: pick('fundingRound'),
    roundLabel: pick('roundLabel'),
    location: pick('location'),
    fundingDate: pick('fundingDate'),
    description: [...new Set(filingFirst.map((report) => report.fields.description).filter(Boolean))].join('\n\n'),
    tags: [...new Set(filingFirst.flatMap((report) => report.fields.tags))],
    cik: pick('cik'),
    // The company follows the strongest identity: the filing's (its CIK) when there is one.
    companyId: filing.fields.companyId ?? pick('companyId'),
  };
}
