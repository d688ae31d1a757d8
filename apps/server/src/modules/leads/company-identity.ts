// A company's stable identity: its SEC CIK when known, else its website's registrable domain,
// else its normalised name plus country. docs/decisions/024-companies.md
import { normalizeDomain } from '@fundwire/shared';
import { getDomain } from 'tldts';

export interface CompanyFacts {
  companyName: string;
  domain?: string | null;
  location?: string | null;
  cik?: string | null;
}

// Names reserved for examples and tests (RFC 2606, RFC 6761): every name directly under them is a separate
// made-up company (the demo data's acme.example.com and beta.example.com are two companies, not one).
const RESERVED_SUFFIXES = /(^|\.)([^.]+\.(?:example\.(?:com|net|org)|example|test|invalid|localhost))$/;

/** `https://app.eu.Acme.co.uk/x` → `acme.co.uk`; hosts on a shared platform (foo.github.io) stay whole. */
export function registrableDomain(value: string): string {
  const host = normalizeDomain(value);
  if (!host) return '';
  const reserved = RESERVED_SUFFIXES.exec(host);
  if (reserved) return reserved[2]!;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

// Legal-form words dropped from the end of a name: "Leeta Materials, Inc." and "Leeta Materials" are one company.
const LEGAL_SUFFIXES = new Set([
  'inc', 'incorporated', 'llc', 'llp', 'lp', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'plc', 'gmbh', 'ag',
  'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'ab', 'as', 'oy', 'kk', 'pte', 'pty', 'pvt', 'private', 'holdings',
]);

/** Lowercase letters and digits, accents and legal suffixes dropped: `Apothékary, Inc.` → `apothekary`. */
export function normalizeCompanyIdentityName(value: string): string {
  const words = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/株式会社/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join('');
}

const US_STATES = new Set(
  'al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy'.split(' '),
);
const US_NAMES = new Set(['us', 'usa', 'unitedstates', 'unitedstatesofamerica']);

/** The country part of a location, normalised: `Austin, TX` → `us`, `London, UK` → `uk`, `Singapore` → `singapore`. */
export function locationCountry(location: string | null | undefined): string {
  if (!location) return '';
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return '';
  const normalised = last.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, '');
  if (US_NAMES.has(normalised) || (parts.length > 1 && US_STATES.has(normalised))) return 'us';
  return normalised;
}

/** `cik:<digits>`, else `domain:<registrable domain>`, else `name:<normalised name>|<country>`. */
export function companyIdentityKey(facts: CompanyFacts): string {
  const cik = facts.cik?.replace(/\D/g, '').replace(/^0+/, '');
  if (cik) return `cik:${cik}`;
  const domain = facts.domain ? registrableDomain(facts.domain) : '';
  if (domain) return `domain:${domain}`;
  return `name:${normalizeCompanyIdentityName(facts.companyName)}|${locationCountry(facts.location)}`;
}
