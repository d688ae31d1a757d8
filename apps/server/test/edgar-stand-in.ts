// A local HTTP stand-in for the parts of SEC EDGAR the Form D feed reads: daily form indexes and
// each filing's primary_doc.xml. It records every request (path, User-Agent, time) so tests can
// check politeness, and can be told to fail a path a number of times. Its daily index has the live layout
// (the header wrapped over two lines, labels not over their columns) and its 403s carry EDGAR's bodies.
import http from 'node:http';
import zlib from 'node:zlib';

/** What EDGAR's archive (S3 behind it) answers for a file that is not there yet: a 403 that means "no index yet". */
export const EDGAR_ACCESS_DENIED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>6A7B3C2D1E0F9A8B</RequestId><HostId>Zm9vYmFyYmF6cXV4</HostId></Error>`;

/** The page SEC serves to a client it blocks (no declared User-Agent, or over the fair-access rate). */
export const EDGAR_UNDECLARED_TOOL_HTML = `<!DOCTYPE html>
<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>
<body><h1>Your Request Originates from an Undeclared Automated Tool</h1>
<p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools. Your request has been identified as part of a network of automated tools outside of the acceptable policy and will be managed until action is taken to declare your traffic.</p>
<p>Please declare your traffic by updating your user agent to include company specific information.</p>
<p>Reference ID: 0.5a2f1002.1764263512.1f2b3c4d</p></body></html>`;

export interface FormDPerson {
  firstName: string;
  middleName?: string;
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
  /**
   * The next `times` (default 1) requests for `path` answer `status`, with Retry-After when given, and `body`
   * (a 403 defaults to EDGAR's AccessDenied XML, i.e. "not there yet").
   */
  failNext(path: string, status: number, retryAfter?: number, times?: number, body?: string): void;
  /** Every request for `path` answers `status` (and `body`, as for failNext) from now on. */
  failAlways(path: string, status: number, body?: string): void;
  /** Every request for `path` is redirected (302) to `location`. */
  redirect(path: string, location: string): void;
  /** `path` answers a gzip-encoded body that decompresses to zeros without end (until the client stops reading). */
  serveEndlessGzip(path: string): void;
  /** Serves `text` as the daily index of `day` instead of the generated one. */
  setIndexText(day: string, text: string): void;
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
          <firstName>${escapeXml(person.firstName)}</firstName>${person.middleName ? `
          <middleName>${escapeXml(person.middleName)}</middleName>` : ''}
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** One row as the live index writes it: form type in 12 columns, the name in 62 (a longer one runs into the CIK), CIK, date, file name. */
export function formIndexRow(formType: string, companyName: string, cik: string, day: string, fileName: string): string {
  return `${formType.padEnd(12)}${companyName.padEnd(62)}${cik.padEnd(12)}${day.replace(/-/g, '').padEnd(12)}${fileName}`;
}

/**
 * A daily form index (form.YYYYMMDD.idx) in the layout EDGAR serves today: the header wrapped over two
 * lines, its labels not over their columns, then the dashed rule and the rows.
 */
export function formIndexText(day: string, filings: FormDFixture[], otherRows: string[] = []): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const header = [
    `Description:           Daily Index of EDGAR Dissemination Feed by Form Type`,
    `Last Data Received:    ${MONTHS[month - 1]} ${date}, ${year}`,
    `Comments:              webmaster@sec.gov`,
    `Anonymous FTP:         ftp://ftp.sec.gov/edgar/`,
    ` `,
    ` `,
    ` `,
    ` `,
    `Form Type   Company Name                                                  CIK`,
    `         Date Filed  File Name`,
    `---------------------------------------------------------------------------------------------------------------------------------------------`,
  ];
  const rows = filings.map((filing) => {
    const formType = filing.formType ?? (filing.previousAccessionNumber ? 'D/A' : 'D');
    const cik = String(Number(filing.cik));
    return formIndexRow(formType, filing.entityName, cik, day, `edgar/data/${cik}/${filing.accessionNumber}.txt`);
  });
  return `${[...header, ...otherRows, ...rows].join('\n')}\n`;
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
  const failures = new Map<string, { status: number; retryAfter?: number; times: number; body?: string }[]>();
  const redirects = new Map<string, string>();
  const endless = new Set<string>();
  const indexTexts = new Map<string, string>();
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
    if (!userAgent || !/@/.test(userAgent)) return reply(403, EDGAR_UNDECLARED_TOOL_HTML, { 'content-type': 'text/html' });
    const location = redirects.get(path);
    if (location) return reply(302, '', { location });
    if (endless.has(path)) {
      response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(response);
      const zeros = Buffer.alloc(1024 * 1024);
      let open = true;
      response.on('close', () => {
        open = false;
        gzip.destroy();
      });
      const pump = () => {
        while (open && gzip.write(zeros));
        if (open) gzip.once('drain', pump);
      };
      return pump();
    }
    const queue = failures.get(path);
    const failure = queue?.[0];
    if (failure) {
      if (failure.times !== Infinity) failure.times -= 1;
      if (failure.times <= 0) queue.shift();
      const body = failure.body ?? (failure.status === 403 ? EDGAR_ACCESS_DENIED_XML : `stand-in failure ${failure.status}`);
      const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
      if (failure.status === 403) headers['content-type'] = body.startsWith('<?xml') ? 'application/xml' : 'text/html';
      return reply(failure.status, body, headers);
    }
    const indexMatch = /^\/Archives\/edgar\/daily-index\/\d{4}\/QTR[1-4]\/form\.(\d{4})(\d{2})(\d{2})\.idx$/.exec(path);
    if (indexMatch) {
      const day = `${indexMatch[1]}-${indexMatch[2]}-${indexMatch[3]}`;
      const served = indexTexts.get(day);
      if (served !== undefined) return reply(200, served);
      const filings = days.get(day);
      // Live EDGAR answers a day with no index yet with S3's AccessDenied.
      if (!filings) return reply(403, EDGAR_ACCESS_DENIED_XML, { 'content-type': 'application/xml' });
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
    failNext(path, status, retryAfter, times = 1, body) {
      const list = failures.get(path) ?? [];
      list.push({ status, retryAfter, times, body });
      failures.set(path, list);
    },
    failAlways(path, status, body) {
      const list = failures.get(path) ?? [];
      list.push({ status, times: Infinity, body });
      failures.set(path, list);
    },
    redirect(path, location) {
      redirects.set(path, location);
    },
    serveEndlessGzip(path) {
      endless.add(path);
    },
    setIndexText(day, text) {
      indexTexts.set(day, text);
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
