// A local HTTP stand-in for the parts of SEC EDGAR the Form D feed reads: daily form indexes and
// each filing's primary_doc.xml. It records every request (path, User-Agent, time) so tests can
// check politeness, and can be told to fail a path a number of times.
import http from 'node:http';

export interface FormDPerson {
  firstName: string;
  lastName: string;
  /** e.g. ['Executive Officer', 'Director'] */
  relationships: string[];
  clarification?: string;
}

export interface FormDFixture {
  /** '0001234567-26-000001' */
  accessionNumber: string;
  cik: string;
  entityName: string;
  /** 'D' or 'D/A'; defaults to 'D/A' when previousAccessionNumber is set, else 'D'. */
  formType?: 'D' | 'D/A';
  city?: string;
  /** Two-letter state or country code, as EDGAR writes it. */
  stateOrCountry?: string;
  entityType?: string;
  yearOfInc?: string;
  industryGroupType?: string;
  /** 'YYYY-MM-DD', or 'yetToOccur'; omitted means no dateOfFirstSale element. */
  dateOfFirstSale?: string;
  previousAccessionNumber?: string;
  /** A number as text, or 'Indefinite'. */
  totalOfferingAmount?: string;
  totalAmountSold?: string;
  totalRemaining?: string;
  people?: FormDPerson[];
  /** Serve this body instead of the generated XML (for malformed-XML tests). */
  rawXml?: string;
}

export interface EdgarRequest {
  path: string;
  userAgent: string | undefined;
  at: number;
}

export interface EdgarStandIn {
  url: string;
  requests: EdgarRequest[];
  addFiling(day: string, filing: FormDFixture): void;
  /** Publish a day's index even when it lists no Form D (other forms only). */
  publishDay(day: string): void;
  /** The next `times` (default 1) requests for `path` answer `status`, with Retry-After when given. */
  failNext(path: string, status: number, retryAfter?: number, times?: number): void;
  /** Every request for `path` answers `status` from now on. */
  failAlways(path: string, status: number): void;
  /** Requests for `path` are answered normally again. */
  heal(path: string): void;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** primary_doc.xml in EDGAR's Form D schema (the elements the feed reads, plus typical neighbours). */
export function formDXml(filing: FormDFixture): string {
  const isAmendment = Boolean(filing.previousAccessionNumber) || filing.formType === 'D/A';
  const people = (filing.people ?? [])
    .map(
      (person) => `      <relatedPersonInfo>
        <relatedPersonName>
          <firstName>${escapeXml(person.firstName)}</firstName>
          <lastName>${escapeXml(person.lastName)}</lastName>
        </relatedPersonName>
        <relatedPersonAddress>
          <street1>1 Main St</street1>
          <city>${escapeXml(filing.city ?? 'Wilmington')}</city>
          <stateOrCountry>${escapeXml(filing.stateOrCountry ?? 'DE')}</stateOrCountry>
          <zipCode>19801</zipCode>
        </relatedPersonAddress>
        <relatedPersonRelationshipList>
${person.relationships.map((relationship) => `          <relationship>${escapeXml(relationship)}</relationship>`).join('\n')}
        </relatedPersonRelationshipList>
        <relationshipClarification>${escapeXml(person.clarification ?? '')}</relationshipClarification>
      </relatedPersonInfo>`,
    )
    .join('\n');
  const dateOfFirstSale =
    filing.dateOfFirstSale === undefined
      ? ''
      : filing.dateOfFirstSale === 'yetToOccur'
        ? '      <dateOfFirstSale><yetToOccur>true</yetToOccur></dateOfFirstSale>'
        : `      <dateOfFirstSale><value>${filing.dateOfFirstSale}</value></dateOfFirstSale>`;
  return `<?xml version="1.0"?>
<edgarSubmission>
  <schemaVersion>X0708</schemaVersion>
  <submissionType>${isAmendment ? 'D/A' : 'D'}</submissionType>
  <testOrLive>LIVE</testOrLive>
  <primaryIssuer>
    <cik>${escapeXml(filing.cik.padStart(10, '0'))}</cik>
    <entityName>${escapeXml(filing.entityName)}</entityName>
    <issuerAddress>
      <street1>1 Main St</street1>
      <city>${escapeXml(filing.city ?? 'Wilmington')}</city>
      <stateOrCountry>${escapeXml(filing.stateOrCountry ?? 'DE')}</stateOrCountry>
      <stateOrCountryDescription>DELAWARE</stateOrCountryDescription>
      <zipCode>19801</zipCode>
    </issuerAddress>
    <issuerPhoneNumber>555-0100</issuerPhoneNumber>
    <jurisdictionOfInc>DELAWARE</jurisdictionOfInc>
    <issuerPreviousNameList><value>None</value></issuerPreviousNameList>
    <edgarPreviousNameList><value>None</value></edgarPreviousNameList>
    <entityType>${escapeXml(filing.entityType ?? 'Corporation')}</entityType>
    <yearOfInc>
      <withinFiveYears>true</withinFiveYears>
      <value>${escapeXml(filing.yearOfInc ?? '2024')}</value>
    </yearOfInc>
  </primaryIssuer>
  <relatedPersonsList>
${people}
  </relatedPersonsList>
  <offeringData>
    <industryGroup>
      <industryGroupType>${escapeXml(filing.industryGroupType ?? 'Other Technology')}</industryGroupType>
    </industryGroup>
    <issuerSize><revenueRange>Decline to Disclose</revenueRange></issuerSize>
    <federalExemptionsExclusions><item>06b</item></federalExemptionsExclusions>
    <typeOfFiling>
      <newOrAmendment>
        <isAmendment>${isAmendment}</isAmendment>
${filing.previousAccessionNumber ? `        <previousAccessionNumber>${filing.previousAccessionNumber}</previousAccessionNumber>\n` : ''}      </newOrAmendment>
${dateOfFirstSale}
    </typeOfFiling>
    <durationOfOffering><moreThanOneYear>false</moreThanOneYear></durationOfOffering>
    <typesOfSecuritiesOffered><isEquityType>true</isEquityType></typesOfSecuritiesOffered>
    <offeringSalesAmounts>
      <totalOfferingAmount>${escapeXml(filing.totalOfferingAmount ?? '1000000')}</totalOfferingAmount>
      <totalAmountSold>${escapeXml(filing.totalAmountSold ?? '0')}</totalAmountSold>
      <totalRemaining>${escapeXml(filing.totalRemaining ?? '0')}</totalRemaining>
    </offeringSalesAmounts>
  </offeringData>
</edgarSubmission>
`;
}

/** A daily form index (form.YYYYMMDD.idx): header lines, then fixed-width rows. */
export function formIndexText(day: string, filings: FormDFixture[]): string {
  const compact = day.replace(/-/g, '');
  const header = [
    `Description:           Daily Index of EDGAR Dissemination Feed by Form Type`,
    `Last Data Received:    ${day}`,
    `Comments:              webmaster@sec.gov`,
    `Anonymous FTP:         ftp://ftp.sec.gov/edgar/`,
    ``,
    ``,
    ``,
    `Form Type   Company Name                                                  CIK         Date Filed  File Name`,
    `---------------------------------------------------------------------------------------------------------------------------------------------`,
  ];
  const rows = filings.map((filing) => {
    const formType = filing.formType ?? (filing.previousAccessionNumber ? 'D/A' : 'D');
    const cik = String(Number(filing.cik));
    return `${formType.padEnd(12)}${filing.entityName.slice(0, 61).padEnd(62)}${cik.padEnd(12)}${compact.padEnd(12)}edgar/data/${cik}/${filing.accessionNumber}.txt`;
  });
  return `${[...header, ...rows].join('\n')}\n`;
}

export const formIndexPath = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `/Archives/edgar/daily-index/${year}/QTR${Math.ceil(month / 3)}/form.${day.replace(/-/g, '')}.idx`;
};

export const primaryDocPath = (filing: Pick<FormDFixture, 'cik' | 'accessionNumber'>) =>
  `/Archives/edgar/data/${Number(filing.cik)}/${filing.accessionNumber.replace(/-/g, '')}/primary_doc.xml`;

export async function startEdgarStandIn(options: { extraRows?: Record<string, string[]> } = {}): Promise<EdgarStandIn> {
  const requests: EdgarRequest[] = [];
  const days = new Map<string, FormDFixture[]>();
  const docs = new Map<string, string>();
  const failures = new Map<string, { status: number; retryAfter?: number; times: number }[]>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const userAgent = request.headers['user-agent'];
    requests.push({ path, userAgent, at: Date.now() });
    const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': path.endsWith('.xml') ? 'application/xml' : 'text/plain', ...headers });
      response.end(body);
    };
    // SEC refuses requests without a declared User-Agent.
    if (!userAgent || !/@/.test(userAgent)) return reply(403, 'Undeclared automated tool');
    const queue = failures.get(path);
    const failure = queue?.[0];
    if (failure) {
      if (failure.times !== Infinity) failure.times -= 1;
      if (failure.times <= 0) queue.shift();
      return reply(failure.status, `stand-in failure ${failure.status}`, failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) });
    }
    const indexMatch = /^\/Archives\/edgar\/daily-index\/\d{4}\/QTR[1-4]\/form\.(\d{4})(\d{2})(\d{2})\.idx$/.exec(path);
    if (indexMatch) {
      const day = `${indexMatch[1]}-${indexMatch[2]}-${indexMatch[3]}`;
      const filings = days.get(day);
      if (!filings) return reply(404, 'Not Found');
      const text = formIndexText(day, filings);
      const extra = options.extraRows?.[day] ?? [];
      return reply(200, extra.length ? text + extra.join('\n') + '\n' : text);
    }
    const doc = docs.get(path);
    if (doc !== undefined) return reply(200, doc);
    return reply(404, 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    addFiling(day, filing) {
      const list = days.get(day) ?? [];
      list.push(filing);
      days.set(day, list);
      docs.set(primaryDocPath(filing), filing.rawXml ?? formDXml(filing));
    },
    publishDay(day) {
      if (!days.has(day)) days.set(day, []);
    },
    failNext(path, status, retryAfter, times = 1) {
      const list = failures.get(path) ?? [];
      list.push({ status, retryAfter, times });
      failures.set(path, list);
    },
    failAlways(path, status) {
      const list = failures.get(path) ?? [];
      list.push({ status, times: Infinity });
      failures.set(path, list);
    },
    heal(path) {
      failures.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
