// A local stand-in for SEC's company records host (data.sec.gov): GET /submissions/CIK##########.json in the real
// shape (cik, name, website, investorWebsite, phone, addresses.business), 404 for a CIK it does not know, 403 without a
// declared User-Agent. Records every request. Startable on its own (e2e, bench): startSecDataStandIn({ port }).
import http from 'node:http';

export interface SecCompanyRecord {
  cik: string;
  name: string;
  website?: string;
  investorWebsite?: string;
  phone?: string;
  business?: { street1: string; street2?: string | null; city: string; stateOrCountry: string; zipCode: string };
}

export interface SecDataStandIn {
  url: string;
  requests: { path: string; userAgent: string | undefined; at: number }[];
  addCompany(record: SecCompanyRecord): void;
  close(): Promise<void>;
}

/** The submissions file's path for a CIK: zero-padded to 10 digits. */
export const submissionsPath = (cik: string) => `/submissions/CIK${cik.padStart(10, '0')}.json`;

export function submissionsJson(record: SecCompanyRecord): string {
  const business = record.business ?? null;
  return JSON.stringify({
    cik: record.cik.padStart(10, '0'),
    entityType: 'operating',
    sic: '7372',
    sicDescription: 'Services-Prepackaged Software',
    name: record.name,
    tickers: [],
    exchanges: [],
    ein: '000000000',
    description: '',
    website: record.website ?? '',
    investorWebsite: record.investorWebsite ?? '',
    category: 'Non-accelerated filer',
    fiscalYearEnd: '1231',
    stateOfIncorporation: 'DE',
    phone: record.phone ?? '',
    flags: '',
    formerNames: [],
    addresses: {
      mailing: business
        ? { street1: business.street1, street2: business.street2 ?? null, city: business.city, stateOrCountry: business.stateOrCountry, zipCode: business.zipCode, stateOrCountryDescription: business.stateOrCountry }
        : { street1: null, street2: null, city: null, stateOrCountry: null, zipCode: null, stateOrCountryDescription: null },
      business: business
        ? { street1: business.street1, street2: business.street2 ?? null, city: business.city, stateOrCountry: business.stateOrCountry, zipCode: business.zipCode, stateOrCountryDescription: business.stateOrCountry }
        : { street1: null, street2: null, city: null, stateOrCountry: null, zipCode: null, stateOrCountryDescription: null },
    },
    filings: { recent: { accessionNumber: [], filingDate: [], form: [] }, files: [] },
  });
}

export async function startSecDataStandIn(options: { port?: number } = {}): Promise<SecDataStandIn> {
  const records = new Map<string, string>();
  const requests: SecDataStandIn['requests'] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const userAgent = request.headers['user-agent'];
    requests.push({ path, userAgent, at: Date.now() });
    if (!userAgent || !/@/.test(userAgent)) {
      response.writeHead(403, { 'content-type': 'text/html' });
      return response.end('<html><body>Your Request Originates from an Undeclared Automated Tool</body></html>');
    }
    const body = records.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      return response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    addCompany(record) {
      records.set(submissionsPath(record.cik), submissionsJson(record));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
