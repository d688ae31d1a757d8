// The SEC Form D connector: EDGAR's daily form index lists the day's D and D/A filings; each filing's
// primary_doc.xml is read and mapped to a round. On when EDGAR_USER_AGENT is set.
import { SourceBlockedError, type SourceConnector } from '../types.js';
import { HttpStatusError } from '../http.js';
import { dailyIndexPath, formDItems } from './daily-index.js';
import { mapFormD, parseFormD, type FormD } from './form-d.js';

/**
 * EDGAR's archive answers a missing file (a day with no index yet) with a 403 whose body is S3's
 * `<Error><Code>AccessDenied</Code>…`. Any other 403 (the "Undeclared Automated Tool" page, a rate-limit
 * block) refuses us as a client.
 */
export function isEdgarAccessDenied(body: string): boolean {
  return /<Code>\s*AccessDenied\s*<\/Code>/i.test(body);
}

function blockedBy(error: HttpStatusError): SourceBlockedError {
  const said = error.body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
  return new SourceBlockedError(
    `EDGAR refused our requests (HTTP 403 for ${error.url}${said ? `: "${said}"` : ''}). Every instance pauses the feed; check EDGAR_USER_AGENT names your company and a contact email, and SEC's fair-access limits.`,
  );
}

export const secFormD: SourceConnector<FormD> = {
  id: 'sec-form-d',
  name: 'SEC Form D filings',
  disabledReason: (config) =>
    config.edgar.userAgent
      ? null
      : "Set EDGAR_USER_AGENT to your company name and a contact email (for example 'Fundwire ops@yourcompany.com') and restart: SEC asks every automated client to declare itself.",
  async discover(http, day) {
    try {
      return formDItems(await http.getText(dailyIndexPath(day), { final: [403, 404] }), day);
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 403 && !isEdgarAccessDenied(error.body)) throw blockedBy(error);
      // EDGAR answers 404, or 403 AccessDenied, for a day without an index: weekend, holiday, or not published yet.
      if (error instanceof HttpStatusError && (error.status === 403 || error.status === 404)) return null;
      throw error;
    }
  },
  async fetch(http, item) {
    try {
      return await http.getText(item.path, { final: [403] });
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 403 && !isEdgarAccessDenied(error.body)) throw blockedBy(error);
      throw error;
    }
  },
  parse: (raw) => parseFormD(raw),
  map: (parsed, item, baseUrl) => mapFormD(parsed, item, baseUrl),
};
