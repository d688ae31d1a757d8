// A plain reference for the lead list (query-reference.int.test.ts): which generated leads a filter matches, in which
// order, by straightforward TypeScript over the leads the data was built from.
import { FUNDING_ROUNDS, UNDISCLOSED } from '@fundwire/shared';
import { type SeedLead } from '../src/seed/generate.js';

export const LEAD_COUNT = 3_000;
export const SEED = 150_015;
export const today = new Date();
export const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export interface Filter {
  industry?: string[] | undefined;
  fundingRound?: string[] | undefined;
  minFunding?: number | undefined;
  maxFunding?: number | undefined;
  dateStart?: string | undefined;
  dateEnd?: string | undefined;
  location?: string | undefined;
  q?: string | undefined;
  hasContacts?: boolean | undefined;
  addedAfter?: string | undefined;
}

export type Sort = 'date' | 'amount' | 'round';
export type Direction = 'asc' | 'desc';

/** Words as PostgreSQL's parser splits plain text: runs of letters and digits, lower-cased. */
export const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** Of a domain only its name is searched as words (`www.get-acme.co.uk`: get, acme); the rest of it, and the domain
 * whole, only match through the trigram branch. */
export const domainWords = (domain: string) =>
  words(
    domain
      .toLowerCase()
      .replace(/^www\./, '')
      .split('.')[0] ?? '',
  );
/** The words of a lead's search document: name, the domain's name, tags, description, and its people's names. */
export const lexemes = (lead: SeedLead) => [
  ...words(lead.companyName),
  ...domainWords(lead.domain),
  ...lead.tags.flatMap(words),
  ...words(lead.description),
  ...lead.contacts.flatMap((contact) => words(contact.name)),
];

/** The reference: every condition spelled out over the generated leads in plain code. */
export function matches(lead: SeedLead, filter: Filter): boolean {
  if (filter.industry !== undefined && !filter.industry.includes(lead.industry)) return false;
  if (filter.fundingRound !== undefined && !filter.fundingRound.includes(lead.fundingRound ?? UNDISCLOSED)) return false;
  if (filter.hasContacts !== undefined && lead.contacts.length > 0 !== filter.hasContacts) return false;
  if (filter.addedAfter !== undefined && !(Date.parse(lead.createdAt!) > Date.parse(filter.addedAfter))) return false;
  if (filter.minFunding !== undefined && (lead.fundingAmount === null || lead.fundingAmount < filter.minFunding)) return false;
  if (filter.maxFunding !== undefined && (lead.fundingAmount === null || lead.fundingAmount > filter.maxFunding)) return false;
  if (filter.dateStart !== undefined && lead.fundingDate < filter.dateStart) return false;
  if (filter.dateEnd !== undefined && lead.fundingDate > filter.dateEnd) return false;
  if (filter.location !== undefined && !lead.location.toLowerCase().includes(filter.location.toLowerCase())) return false;
  if (filter.q !== undefined) {
    // Search words are plain words here: all but the last whole, the last as a prefix; or a substring of name or domain.
    const query = words(filter.q);
    const own = lexemes(lead);
    const last = query.at(-1) ?? '';
    const byWords = query.length > 0 && query.slice(0, -1).every((word) => own.includes(word)) && own.some((lexeme) => lexeme.startsWith(last));
    const bySubstring = filter.q.length >= 3 && `${lead.companyName} ${lead.domain}`.toLowerCase().includes(filter.q.toLowerCase());
    if (!byWords && !bySubstring) return false;
  }
  return true;
}

export const newestFirst = (list: SeedLead[]) =>
  [...list].sort((a, b) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1));

/** The reference order of every sort: unknown amounts and rounds last either way, ties newest funding first, then id. */
export function sorted(list: SeedLead[], sort: Sort, dir: Direction): SeedLead[] {
  const value = (lead: SeedLead): number | null =>
    sort === 'amount' ? lead.fundingAmount : sort === 'round' ? (lead.fundingRound === null ? null : FUNDING_ROUNDS.indexOf(lead.fundingRound)) : null;
  const tieBreak = (a: SeedLead, b: SeedLead) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1);
  return [...list].sort((a, b) => {
    if (sort === 'date') return a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : (a.fundingDate < b.fundingDate ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    const [va, vb] = [value(a), value(b)];
    if (va === null || vb === null) return va === vb ? tieBreak(a, b) : va === null ? 1 : -1;
    return va === vb ? tieBreak(a, b) : (va - vb) * (dir === 'asc' ? 1 : -1);
  });
}

export function queryString(filter: Filter, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) {
    // Lists go as repeated parameters (one value: a single parameter).
    if (Array.isArray(value)) for (const item of value as string[]) params.append(key, item);
    else if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}
