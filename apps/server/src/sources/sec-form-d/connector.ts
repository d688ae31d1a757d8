// The SEC Form D connector: EDGAR's daily form index lists the day's D and D/A filings; each filing's
// primary_doc.xml is read and mapped to a round. On when EDGAR_USER_AGENT is set.
import type { SourceConnector } from '../types.js';
import { HttpStatusError } from '../http.js';
import { dailyIndexPath, formDItems } from './daily-index.js';
import { mapFormD, parseFormD, type FormD } from './form-d.js';

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
      // EDGAR answers 403 or 404 for a day without an index: weekend, holiday, or not published yet.
      if (error instanceof HttpStatusError && (error.status === 403 || error.status === 404)) return null;
      throw error;
    }
  },
  fetch: (http, item) => http.getText(item.path),
  parse: (raw) => parseFormD(raw),
  map: (parsed, item, baseUrl) => mapFormD(parsed, item, baseUrl),
};

