// What goes into a digest: the leads added in a window that are still news (modules/leads news-reads.ts), biggest
// rounds first, with contacts for alerts.
import type { RawQuery } from '../../db/client.js';
import type { DigestLead } from '../../mail/templates/digest.js';
import { countNewsLeads, listNewsLeads } from '../leads/index.js';

/** Leads listed in one mail; the rest are counted and linked. */
export const DIGEST_LEAD_LIMIT = { newsletter: 15, alerts: 50 } as const;

export interface DigestContent {
  leads: DigestLead[];
  totalCount: number;
}

/** How many leads a digest covering [from, to) carries: the count the admin sees is the count the mail carries. */
export async function countDigestLeads(query: RawQuery, range: { from: Date; to: Date }): Promise<number> {
  return countNewsLeads(query, range);
}

export async function loadDigestContent(query: RawQuery, options: { from: Date; to: Date; withContacts: boolean; limit: number }): Promise<DigestContent> {
  const [totalCount, leads] = await Promise.all([countNewsLeads(query, options), listNewsLeads(query, options)]);
  return { leads, totalCount };
}
