// SEC's company record (issue 31): {EDGAR_DATA_URL}/submissions/CIK##########.json, read once per CIK through the
// Form D feed's polite fetch (the same User-Agent and the same shared request pace: source 'sec-form-d').
import { isDomain, normalizeDomain } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPoliteHttp, HttpStatusError, type PoliteHttpOptions } from '../../sources/http.js';
import { titleCase } from '../../sources/sec-form-d/names.js';

export interface SecCompanyFacts {
  /** The company's website as a domain, when the record names one that is a domain. */
  domain: string | null;
  phone: string | null;
  /** The business address on one line, cased ("1 Market St, Suite 300, San Francisco, CA 94105"). */
  address: string | null;
}

export const submissionsPath = (cik: string) => `/submissions/CIK${cik.replace(/\D/g, '').padStart(10, '0')}.json`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The facts of one submissions file; unreadable parts are unknown (null), never an error. */
export function readSecRecord(json: string): SecCompanyFacts {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { domain: null, phone: null, address: null };
  }
  const website = [text(record.website), text(record.investorWebsite)].map((value) => (value ? normalizeDomain(value) : '')).find((value) => isDomain(value));
  const addresses = (record.addresses ?? {}) as Record<string, unknown>;
  const business = (addresses.business ?? {}) as Record<string, unknown>;
  const city = text(business.city);
  const state = text(business.stateOrCountry);
  const zip = text(business.zipCode);
  const street = [text(business.street1), text(business.street2)].filter((part): part is string => part !== null).map((part) => titleCase(part));
  const place = [city ? titleCase(city) : null, [state, zip].filter(Boolean).join(' ') || null].filter(Boolean).join(', ');
  const address = [...street, place].filter(Boolean).join(', ') || null;
  const phone = text(record.phone);
  return { domain: website ?? null, phone, address };
}

/** The record for a CIK; null when SEC has none (404). Off (null) without EDGAR_USER_AGENT: SEC asks every client to declare itself. */
export async function fetchSecRecord(
  database: Database,
  config: Config,
  cik: string,
  options: Pick<PoliteHttpOptions, 'intervalMs' | 'maxAttempts' | 'backoffMs' | 'signal'> = {},
): Promise<SecCompanyFacts | null> {
  if (!config.edgar.userAgent) return null;
  const http = createPoliteHttp({ database, source: 'sec-form-d', baseUrl: config.edgar.dataUrl, userAgent: config.edgar.userAgent, ...options });
  try {
    return readSecRecord(await http.getText(submissionsPath(cik), { final: [403, 404] }));
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404) return null;
    throw error;
  }
}
