// Pure rules of enrichment (issue 31): when a provider's organisation is the company, how a person's name splits, and
// email patterns (applied, and learned only from evidence: two or more known addresses that agree).
import { normalizeDomain } from '@fundwire/shared';

/** Legal suffixes dropped before two company names are compared. */
const LEGAL_SUFFIXES = new Set([
  'inc', 'incorporated', 'llc', 'lc', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'lp', 'llp', 'plc', 'gmbh', 'ag', 'sa', 'sas', 'sarl',
  'bv', 'nv', 'oy', 'ab', 'as', 'pbc', 'pc', 'pllc', 'srl', 'spa', 'kk', 'pte', 'pty', 'ug',
]);

/** "Acme Robotics, Inc." → "acme robotics": case, accents, punctuation and trailing legal suffixes gone. */
export function normalizeOrganisation(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    // "L.L.C." and "S.A." are one word once their dots go.
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** Whether the provider's organisation is the company (a wrong website is worse than none). */
export function sameOrganisation(company: string, organisation: string | null | undefined): boolean {
  if (!organisation) return false;
  const a = normalizeOrganisation(company);
  return a !== '' && a === normalizeOrganisation(organisation);
}

const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'phd', 'md', 'esq', 'cpa']);

/** A contact's name as first and last name (middle names dropped, "Jr." and "III" too); null without both. */
export function splitName(name: string): { first: string; last: string } | null {
  const words = name
    .replace(/,/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 2 && NAME_SUFFIXES.has(words[words.length - 1]!.toLowerCase().replace(/\./g, ''))) words.pop();
  if (words.length < 2) return null;
  return { first: words[0]!, last: words[words.length - 1]! };
}

/** Letters only, lower case, accents dropped: what goes into an address. */
function addressPart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

const PATTERN = /^(?:\{(?:first|last|f|l)\}|[._-])+$/;

/** Whether a pattern is one this code can apply: the provider's tokens and separators only, naming a person. */
export function isUsablePattern(pattern: string | null | undefined): pattern is string {
  return typeof pattern === 'string' && PATTERN.test(pattern) && /\{(first|last)\}/.test(pattern);
}

/** The address a pattern gives a person at a domain; null when it cannot (no usable pattern, an empty name part). */
export function applyPattern(pattern: string, name: { first: string; last: string }, domain: string): string | null {
  if (!isUsablePattern(pattern)) return null;
  const first = addressPart(name.first);
  const last = addressPart(name.last);
  if (!first || !last) return null;
  const local = pattern.replace(/\{first\}/g, first).replace(/\{last\}/g, last).replace(/\{f\}/g, first[0]!).replace(/\{l\}/g, last[0]!);
  const host = normalizeDomain(domain);
  return host ? `${local}@${host}` : null;
}

/** The patterns a company's addresses are tried against when learning one. */
export const CANDIDATE_PATTERNS = [
  '{first}.{last}',
  '{first}',
  '{f}{last}',
  '{first}{last}',
  '{first}_{last}',
  '{f}.{last}',
  '{first}{l}',
  '{last}',
  '{last}.{first}',
  '{first}-{last}',
  '{last}{f}',
] as const;

/**
 * The pattern two or more known addresses at the domain agree on, or null: no guess without evidence. An address
 * that no candidate explains is no evidence; two patterns with the same support are no answer.
 */
export function learnPattern(domain: string, known: { name: string; email: string }[]): string | null {
  const host = normalizeDomain(domain);
  const support = new Map<string, Set<string>>();
  for (const { name, email } of known) {
    const parts = splitName(name);
    const address = email.trim().toLowerCase();
    if (!parts || !address.endsWith(`@${host}`)) continue;
    for (const pattern of CANDIDATE_PATTERNS) {
      if (applyPattern(pattern, parts, host) === address) {
        const set = support.get(pattern) ?? new Set<string>();
        set.add(address);
        support.set(pattern, set);
      }
    }
  }
  const ranked = [...support].map(([pattern, addresses]) => ({ pattern, count: addresses.size })).sort((a, b) => b.count - a.count);
  const best = ranked[0];
  if (!best || best.count < 2) return null;
  if (ranked[1] && ranked[1].count === best.count) return null;
  return best.pattern;
}
