// Generated bad input against every route that takes input: no answer may be a 5xx, and no row may change.
// Every body that could write is invalid by construction: it always carries at least one field that
// its route must refuse (a "killer"), whatever noise the other fields get. FUZZ_SEED replays a run.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeads } from './seed/generate.js';
import { insertLeads } from './seed/insert.js';
import { ROUTE_TABLE, type Access } from './route-table.js';
import { buildTestApp, signInAs, signUp, type TestApp } from '../test/helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/**
 * Tables whose rows change by design on bad requests, so they are left out of the comparison:
 * rate_limits counts every sign-in, sign-up, reset and newsletter attempt, valid or not (that is its job).
 */
const TABLES_THAT_CHANGE = new Set(['rate_limits']);

/**
 * Routes that take no input, or whose only "input" is the caller's own state, and that would change rows
 * or hold the connection when called: they are not fuzzed.
 */
const NOT_FUZZED = new Set([
  'GET /api/me/events', // Server-Sent Events: never ends
  'POST /api/cancel-subscription', // no body; acts on the caller's subscription
  'POST /api/reactivate-subscription', // no body; acts on the caller's subscription
  'POST /api/billing-portal', // no body
  'POST /api/send-weekly-email', // no body; queues this week's edition
]);

interface Probe {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Call without the role's session (the probe brings its own credentials). */
  anonymous?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Values

const nulText = fc.string({ maxLength: 20 }).chain((text) => fc.nat(text.length).map((at) => `${text.slice(0, at)}\u0000${text.slice(at)}`));
const longerThan = (max: number) => fc.integer({ min: max + 1, max: max + 20_000 }).map((length) => 'x'.repeat(length));
const unicodeGarbage = fc.string({ unit: 'binary', maxLength: 40 });
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const notAString = wrongType.filter((value) => typeof value !== 'string');
/** Where null means unknown (decision 023), only other types are wrong. */
const notAStringOrNull = notAString.filter((value) => value !== null);
// '' and null are an undisclosed amount (decision 023), not bad input.
const badNumber = fc.constantFrom<unknown>(1e300, -1, -0.5, 1e14, Number.MAX_VALUE, '1e300', 'NaN', '0x10', '-0', 'Infinity', '12abc', '1,000', [], {});
const badDate = fc.constantFrom<unknown>(
  '0000-01-01',
  '0000-12-31',
  '2020-02-30',
  '2021-02-29',
  '2021-13-01',
  '2021-00-10',
  '2021-01-32',
  '99999-01-01',
  '2021-1-1',
  '',
  '2021/01/01',
  '2021-01-01T00:00:00Z',
  'yesterday',
  20210101,
);
const badEmail = fc.oneof(
  fc.constantFrom('', ' ', 'not-an-email', '@', 'a@', '@example.com', 'a@@example.com', 'a b@example.com', 'x@localhost\u0000'),
  nulText.map((text) => `${text}@example.com`),
  notAString,
);
// Past RFC 5321's 254 characters: refused everywhere before a rate-limit key is built from it (issue 29).
const overlongEmail = fc.constantFrom(`${'x'.repeat(300)}@example.com`, `${'x'.repeat(20_000)}@example.com`, `a@${'d'.repeat(250)}.com`);
/** Anything at all: noise for fields the killer does not depend on. */
const noise = fc.oneof(unicodeGarbage, wrongType, nulText, badNumber, badDate, fc.constant(undefined));

/** Path segments that are garbage: bad percent-encoding, NUL, traversal, huge, unicode. */
const badSegment = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%2e%2e',
    '..',
    '%2F',
    '%C0%80',
    '%FF',
    '%u0000',
    '1e300',
    '-0',
    'NaN',
    'null',
    'undefined',
    '%20',
    'x'.repeat(3000),
  ),
  unicodeGarbage.filter((text) => text.length > 0).map(encodeURIComponent),
  fc.uuid().map(String),
);
/** Query values, raw (may be bad percent-encoding) or encoded garbage. */
const badQueryValue = fc.oneof(
  fc.constantFrom('%', '%zz', '%00', '%E0%A4%A', '0000-01-01', '2020-02-30', '1e300', 'NaN', '-0', '0x10', '-1', '99999999999999999999', 'Series%20Z', ''),
  unicodeGarbage.map(encodeURIComponent),
  longerThan(200).map(encodeURIComponent),
);
const badQuery = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), unicodeGarbage.map(encodeURIComponent)), badQueryValue), { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

// ---------------------------------------------------------------------------------------------------
// Bodies

/** A valid base object with exactly one killer field set to a value its route must refuse, plus noise elsewhere. */
function invalidObject(base: Record<string, unknown>, killers: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const killer = fc.constantFrom(...Object.keys(killers)).chain((field) => killers[field]!.map((value) => [field, value] as const));
  const noisy = fc.array(fc.tuple(fc.constantFrom(...Object.keys(base), 'extra', '__proto__x'), noise), { maxLength: 2 });
  return fc.tuple(killer, noisy).map(([[field, value], entries]) => ({ ...base, ...Object.fromEntries(entries), [field]: value }));
}

/** Bodies that no JSON route may accept, whatever it expects. */
const structurallyBad = fc.oneof(
  fc.integer({ min: 33, max: 20_000 }).map((depth) => ({ payload: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`, contentType: 'application/json' })),
  fc.integer({ min: 33, max: 2_000 }).map((depth) => ({ payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json' })),
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,]',
      'NaN',
      '{"a": NaN}',
      "{'a': 1}",
      '{"a":"\\u0000"}',
      '{"\\u0000":1}',
      '\u0000',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\uFEFF{}',
      'null',
      '[]',
      '0',
      '"text"',
      'true',
    )
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constant({ payload: '', contentType: 'application/json' }),
  unicodeGarbage.map((payload) => ({ payload, contentType: 'text/plain' })),
  fc.constant({ payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22]), contentType: 'application/json' }),
  fc.constant({ payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' }),
  fc.constant({ payload: '{}', contentType: 'application/xml' }),
);

/** Mostly the invalid object as JSON; sometimes inside an array instead, or a body no route accepts. */
function jsonBody(object: fc.Arbitrary<unknown>): fc.Arbitrary<{ payload: string | Buffer; contentType: string }> {
  return fc.oneof(
    { weight: 6, arbitrary: object.map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })) },
    { weight: 1, arbitrary: object.map((value) => ({ payload: JSON.stringify([value]), contentType: 'application/json' })) },
    { weight: 2, arbitrary: structurallyBad },
  );
}

// ---------------------------------------------------------------------------------------------------
// Routes

const LEAD = {
  companyName: 'Fuzz Robotics',
  domain: 'fuzz-robotics.example.com',
  industry: 'Robotics',
  fundingAmount: 1_000_000,
  fundingRound: 'Seed',
  location: 'Austin, TX',
  fundingDate: '2026-01-02',
  description: 'Robots.',
  tags: ['robots'],
  sourceUrl: null,
  contacts: [{ name: 'Pat Example', role: 'CEO', email: 'pat@fuzz-robotics.example.com', linkedIn: '' }],
};
const CONTACT = LEAD.contacts[0]!;

const invalidLead = invalidObject(LEAD, {
  companyName: fc.oneof(nulText, longerThan(200), notAString, fc.constantFrom('', '   ')),
  // '' (and `http://`, which normalises to it) is a lead without a known website: allowed (decision 023).
  domain: fc.oneof(fc.constantFrom('javascript:alert(1)', 'not a domain', '..', 'a_b.com', `${'a'.repeat(300)}.com`, 'localhost'), nulText, notAString),
  // Empty or null industry, location and round are unknown, not bad input (decision 023).
  industry: fc.oneof(nulText, longerThan(100), notAStringOrNull),
  fundingAmount: badNumber,
  fundingRound: fc.oneof(fc.constantFrom('Series Z', 'seed', 'Series D', 'undisclosed'), nulText, notAStringOrNull),
  location: fc.oneof(nulText, longerThan(200), notAStringOrNull),
  fundingDate: badDate,
  description: fc.oneof(nulText, longerThan(5000), notAString, fc.constant('')),
  tags: fc.oneof(
    fc.constant(Array.from({ length: 21 }, (_, index) => `t${index}`)),
    fc.constant(['x'.repeat(51)]),
    nulText.map((text) => [text]),
    fc.constantFrom('robots', [1], [null], [''], {}),
  ),
  sourceUrl: fc.oneof(
    fc.constantFrom('javascript:alert(1)', 'ftp://example.com', 'example.com', 'https://exa mple.com'),
    nulText.map((text) => `https://x.example.com/${text}`),
    fc.constantFrom(1, true, [], {}),
  ),
  contacts: fc.oneof(
    fc.constant(Array.from({ length: 21 }, () => CONTACT)),
    fc.constantFrom<unknown>(
      'x',
      [{}],
      [null],
      [{ ...CONTACT, email: 'nope' }],
      [{ ...CONTACT, name: '' }],
      [{ ...CONTACT, linkedIn: 'javascript:x' }],
      [{ ...CONTACT, role: 'r'.repeat(201) }],
    ),
    nulText.map((text) => [{ ...CONTACT, name: text }]),
  ),
});

/** A Fundraising Fox row that the import must skip: it always holds one reason to. */
const IMPORT_HEADER = [
  'company_slug',
  'company_name',
  'fundraisingfox_url',
  'domain',
  'announced_on',
  'stage',
  'round_label',
  'amount_usd',
  'amount_is_floor',
  'basis',
];
const IMPORT_ROW = {
  company_slug: 'fuzz',
  company_name: 'Fuzz Import Labs',
  fundraisingfox_url: 'https://fundraisingfox.com/companies/fuzz',
  domain: 'fuzz-import.example.com',
  announced_on: '2026-01-02',
  stage: 'Seed',
  round_label: 'Seed',
  amount_usd: '1000000',
  amount_is_floor: 'False',
  basis: 'press',
};
const asCell = (value: unknown) => `"${(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/"/g, '""')}"`;
const skippedImportRow = invalidObject(IMPORT_ROW, {
  // A real-estate company is a company; a pooled fund is skipped (decision 023).
  company_name: fc.oneof(fc.constantFrom('', '  ', 'Growth Fund III LP', 'Acme SPV I, LLC'), nulText, longerThan(200)),
  // Not `http://`: it normalises to no domain, which an import allows.
  domain: fc.oneof(fc.constantFrom('javascript:alert(1)', 'not a domain', 'a_b.com', '..'), nulText),
  announced_on: badDate.map(String),
  amount_usd: fc.constantFrom('1e300', '-5', 'abc', 'Infinity', 'NaN', '1e14', '99999999999999999999', '0x10', '1,000'),
  // A row without a stage ('IPO', '') is an undisclosed round now, not a skip; a NUL in the label still is.
  round_label: nulText,
  fundraisingfox_url: nulText,
}).map((row) => (row.round_label !== IMPORT_ROW.round_label ? { ...row, stage: '' } : row));
// Names that live on Object.prototype: a stage or label of one is unknown text, never a prototype lookup (issue 29).
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable'];
const skippedImportRowWithProtoNames = fc
  .tuple(skippedImportRow, fc.constantFrom(...PROTOTYPE_NAMES), fc.boolean())
  .map(([row, name, labelToo]): Record<string, unknown> => ({ ...row, stage: name, ...(labelToo && row.round_label === IMPORT_ROW.round_label ? { round_label: name } : {}) }));
const importBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.oneof(skippedImportRow, skippedImportRowWithProtoNames), { minLength: 1, maxLength: 5 }).map((rows) => ({
      payload: [IMPORT_HEADER.join(','), ...rows.map((row) => IMPORT_HEADER.map((column) => asCell(row[column] ?? '')).join(','))].join('\r\n'),
      contentType: 'text/csv',
    })),
  },
  { weight: 1, arbitrary: unicodeGarbage.map((payload) => ({ payload, contentType: 'text/csv' })) },
  { weight: 1, arbitrary: fc.constantFrom('', '"', 'company_name\n"unterminated', '\uFEFF').map((payload) => ({ payload, contentType: 'text/csv' })) },
  { weight: 1, arbitrary: fc.constant({ payload: Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x00, 0x22, 0x2c]), contentType: 'text/csv' }) },
  { weight: 1, arbitrary: structurallyBad },
);

describe('fuzz: generated bad input', () => {
  let t: TestApp;
  let seededIds: string[];
  let companyIds: string[];
  const roleHeaders: Partial<Record<Access, Record<string, string>>> = {};

  beforeAll(async () => {
    // Rate limits scaled up, so generated input reaches validation instead of stopping at a 429.
    t = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '1000' });
    const leads = [...generateLeads({ count: 20, seed: 7 })];
    await insertLeads(t.database, leads);
    seededIds = leads.map((lead) => lead.id);
    companyIds = (await t.database.rawTransaction((query) => query('select id from companies'))).rows.map((row) => String(row.id));
    roleHeaders.public = {};
    roleHeaders.user = await signInAs(t, 'user');
    roleHeaders.subscriber = await signInAs(t, 'subscriber');
    roleHeaders.api = roleHeaders.subscriber;
    roleHeaders.admin = await signInAs(t, 'admin');
    await signUp(t.app, 'existing@example.com');
  });
  afterAll(async () => t?.close());

  /** A hash of every row of every table in the public schema, except those that change by design. */
  async function tableHashes(): Promise<Record<string, string>> {
    const hashes: Record<string, string> = {};
    await t.database.rawTransaction(async (query) => {
      const tables = await query(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      for (const { table_name: table } of tables.rows as { table_name: string }[]) {
        if (TABLES_THAT_CHANGE.has(table)) continue;
        const result = await query(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as hash, count(*)::int as rows from "${table}" t`);
        hashes[table] = `${result.rows[0]?.rows} rows, ${result.rows[0]?.hash}`;
      }
    });
    return hashes;
  }

  function probes(): Probe[] {
    const sample = <T>(arbitrary: fc.Arbitrary<T>, runs: number, salt: number): T[] => fc.sample(arbitrary, { numRuns: runs, seed: SEED + salt });
    const list: Probe[] = [];
    let salt = 0;
    const add = <T>(runs: number, arbitrary: fc.Arbitrary<T>, make: (value: T) => Probe) => {
      salt++;
      for (const value of sample(arbitrary, runs, salt)) list.push(make(value));
    };
    const body = (
      route: string,
      url: string,
      method: Probe['method'],
      runs: number,
      arbitrary: fc.Arbitrary<{ payload: string | Buffer; contentType: string }>,
    ) => add(runs, arbitrary, ({ payload, contentType }) => ({ route, method, url, payload, contentType }));
    const leadId = fc.oneof(fc.constantFrom(...seededIds), badSegment);

    // Reads with bad query strings.
    const filterKeys = ['q', 'industry', 'location', 'fundingRound', 'minFunding', 'maxFunding', 'dateStart', 'dateEnd', 'page', 'limit'];
    add(150, badQuery([...filterKeys, 'cursor', 'sort']), (query) => ({ route: 'GET /api/leads', method: 'GET', url: `/api/leads?${query}` }));
    add(20, badQuery(filterKeys), (query) => ({ route: 'GET /api/leads/stats', method: 'GET', url: `/api/leads/stats?${query}` }));
    add(60, badQuery(filterKeys), (query) => ({ route: 'GET /api/leads/export.csv', method: 'GET', url: `/api/leads/export.csv?${query}` }));
    add(40, fc.tuple(fc.oneof(fc.constantFrom(...companyIds), badSegment), fc.option(badQuery(['x', 'id']), { nil: undefined })), ([id, query]) => ({
      route: 'GET /api/companies/:id',
      method: 'GET',
      url: `/api/companies/${id}${query ? `?${query}` : ''}`,
    }));
    add(15, badQuery(['page', 'q', 'x']), (query) => ({ route: 'GET /api/subscribers', method: 'GET', url: `/api/subscribers?${query}` }));
    for (const route of ['GET /api/health', 'GET /api/free-leads', 'GET /api/public-config', 'GET /api/me', 'GET /api/me/alerts']) {
      add(5, badQuery(['x', 'limit', 'page']), (query) => ({ route, method: 'GET', url: `${route.slice(4)}?${query}` }));
    }

    // Admin lead writes.
    body('POST /api/leads', '/api/leads', 'POST', 120, jsonBody(invalidLead));
    add(80, fc.tuple(leadId, jsonBody(invalidLead)), ([id, { payload, contentType }]) => ({
      route: 'PUT /api/leads/:id',
      method: 'PUT',
      url: `/api/leads/${id}`,
      payload,
      contentType,
    }));
    add(40, badSegment, (id) => ({ route: 'DELETE /api/leads/:id', method: 'DELETE', url: `/api/leads/${id}` }));
    // Splitting a merged lead: unknown and malformed ids, with odd bodies; nothing is split (no lead is merged here).
    add(
      30,
      fc.tuple(badSegment, jsonBody(fc.constantFrom<unknown>({}, { reports: ['x'] }, [], 'x', null))),
      ([id, { payload, contentType }]) => ({ route: 'POST /api/admin/leads/:id/split', method: 'POST', url: `/api/admin/leads/${id}/split`, payload, contentType }),
    );
    const validLead = fc.nat(1_000_000).map((n) => ({ ...LEAD, domain: `batch-${n}.example.com` }));
    const invalidBatch = fc
      .tuple(fc.array(validLead, { maxLength: 3 }), fc.array(invalidLead, { minLength: 1, maxLength: 2 }), fc.boolean())
      .map(([valid, invalid, bare]) => (bare ? [...valid, ...invalid] : { leads: [...valid, ...invalid] }));
    body(
      'POST /api/leads/batch',
      '/api/leads/batch',
      'POST',
      60,
      fc.oneof(
        { weight: 4, arbitrary: invalidBatch.map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"leads":[]}', '{"leads":"x"}', '{"leads":{}}', '{}').map((payload) => ({ payload, contentType: 'application/json' })),
        },
        { weight: 1, arbitrary: structurallyBad },
      ),
    );
    body('POST /api/admin/imports/preview', '/api/admin/imports/preview', 'POST', 40, importBody);
    body('POST /api/admin/imports', '/api/admin/imports', 'POST', 50, importBody);
    // Live sources: unknown ids, and the real one while it is off (no EDGAR_USER_AGENT here), fetch nothing.
    add(10, badQuery(['x', 'limit']), (query) => ({ route: 'GET /api/admin/sources', method: 'GET', url: `/api/admin/sources?${query}` }));
    add(
      30,
      fc.tuple(fc.oneof(fc.constant('sec-form-d'), badSegment), jsonBody(fc.constantFrom<unknown>({}, { days: ['x'] }, [], 'x'))),
      ([id, { payload, contentType }]) => ({
        route: 'POST /api/admin/sources/:id/run',
        method: 'POST',
        url: `/api/admin/sources/${id}/run`,
        payload,
        contentType,
      }),
    );

    // Sign-up, sign-in and password reset (never sign-out or anything else that ends a session).
    const signUpBody = invalidObject(
      { email: 'fuzz-new@example.com', password: 'correct horse battery', name: 'Fuzz' },
      {
        email: fc.oneof(badEmail, overlongEmail),
        password: fc.oneof(fc.constantFrom('', 'short', 'x'.repeat(200), 'Password123!', 'Passw0rd!!'), notAString, nulText),
        name: fc.oneof(notAString, nulText),
      },
    );
    body('POST /api/auth/*', '/api/auth/sign-up/email', 'POST', 60, jsonBody(signUpBody));
    const signInBody = invalidObject(
      { email: 'existing@example.com', password: 'correct horse battery' },
      { email: fc.oneof(badEmail, overlongEmail), password: fc.oneof(fc.constantFrom('', 'wrong password', 'x'.repeat(5000)), notAString, nulText) },
    );
    body('POST /api/auth/*', '/api/auth/sign-in/email', 'POST', 40, jsonBody(signInBody));
    const resetRequestBody = invalidObject({ email: 'existing@example.com', redirectTo: '/reset-password' }, { email: fc.oneof(badEmail, overlongEmail) });
    body('POST /api/auth/*', '/api/auth/request-password-reset', 'POST', 40, jsonBody(resetRequestBody));
    const verificationBody = invalidObject({ email: 'existing@example.com', callbackURL: '/profile' }, { email: fc.oneof(overlongEmail, nulText, notAString) });
    body('POST /api/auth/*', '/api/auth/send-verification-email', 'POST', 20, jsonBody(verificationBody));
    // update-user, signed in: a null or non-string name and any other field are refused (never a 500).
    add(
      40,
      jsonBody(
        invalidObject(
          { name: 'Fuzz' },
          {
            name: fc.oneof(fc.constantFrom(null, '', '   '), notAString, nulText, longerThan(200)),
            role: fc.constantFrom('admin', 'user', null),
            emailVerified: fc.constantFrom(true, false, 'true'),
            image: fc.oneof(notAString.filter((value) => value !== null), longerThan(2048)),
          },
        ),
      ),
      ({ payload, contentType }) => ({ route: 'POST /api/auth/*', method: 'POST', url: '/api/auth/update-user', payload, contentType, headers: roleHeaders.user ?? {} }),
    );
    // Sign-in with a mailed link: bad addresses, and made-up tokens or bad passwords.
    body(
      'POST /api/auth/sign-in/email-link',
      '/api/auth/sign-in/email-link',
      'POST',
      40,
      jsonBody(invalidObject({ email: 'existing@example.com' }, { email: fc.oneof(badEmail, overlongEmail) })),
    );
    body(
      'POST /api/auth/sign-in/email-link/verify',
      '/api/auth/sign-in/email-link/verify',
      'POST',
      40,
      jsonBody(
        invalidObject(
          { token: 'made-up-token', password: 'correct horse battery' },
          {
            token: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), longerThan(200), nulText, notAString, fc.constant('')),
            password: fc.oneof(fc.constant(''), longerThan(1000), nulText, notAString),
          },
        ),
      ),
    );
    const resetBody = invalidObject(
      { newPassword: 'another horse battery', token: 'x' },
      { token: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), longerThan(500), nulText, notAString, fc.constant('')) },
    );
    body('POST /api/auth/*', '/api/auth/reset-password', 'POST', 40, jsonBody(resetBody));
    add(
      40,
      fc.tuple(
        fc.constantFrom('get-session', 'verify-email', 'reset-password/', 'callback/google', 'list-sessions', 'ok'),
        badSegment,
        badQuery(['token', 'callbackURL', 'error', 'code', 'state']),
      ),
      ([path, segment, query]) => ({
        route: 'GET /api/auth/*',
        method: 'GET',
        url: `/api/auth/${path}${path.endsWith('/') ? segment : ''}?${query}`,
      }),
    );

    // Billing (test mode).
    const checkoutBody = invalidObject(
      { priceId: 'price_test_monthly' },
      {
        priceId: fc.oneof(fc.constant(''), longerThan(200), notAString, nulText),
        discountPercent: fc.constantFrom(49, '50', 1e300, -0.5, null),
        promoCode: fc.oneof(longerThan(100), fc.constantFrom(1, true, {})),
      },
    );
    body('POST /api/create-checkout-session', '/api/create-checkout-session', 'POST', 40, jsonBody(checkoutBody));
    const changePlanBody = invalidObject(
      { priceId: 'price_fundwire_annual' },
      { priceId: fc.oneof(fc.constantFrom('', 'price_unknown'), longerThan(200), notAString, nulText) },
    );
    body('POST /api/change-plan', '/api/change-plan', 'POST', 40, jsonBody(changePlanBody));
    add(30, badSegment, (id) => ({ route: 'GET /api/checkout/test/:id', method: 'GET', url: `/api/checkout/test/${id}` }));
    add(20, badSegment, (id) => ({ route: 'POST /api/checkout/test/:id/pay', method: 'POST', url: `/api/checkout/test/${id}/pay` }));
    add(20, badSegment, (id) => ({ route: 'POST /api/checkout/test/:id/cancel', method: 'POST', url: `/api/checkout/test/${id}/cancel` }));
    const feedbackBody = invalidObject(
      { reason: 'other', details: 'Leaving.' },
      {
        reason: fc.oneof(fc.constantFrom('', 'bogus', 'Other'), notAString, nulText),
        details: fc.oneof(longerThan(5000), fc.constantFrom(1, true, [], {}), nulText),
      },
    );
    body('POST /api/submit-feedback', '/api/submit-feedback', 'POST', 40, jsonBody(feedbackBody));
    add(
      30,
      fc.tuple(fc.oneof(unicodeGarbage, fc.constantFrom('', 't=1,v1=abc', 't=x')), jsonBody(fc.constant({ type: 'checkout.session.completed' }))),
      ([signature, { payload, contentType }]) => ({
        route: 'POST /api/stripe/webhook',
        method: 'POST',
        url: '/api/stripe/webhook',
        payload,
        contentType,
        headers: signature ? { 'stripe-signature': encodeURIComponent(signature) } : ({} as Record<string, string>),
      }),
    );

    // Newsletter and alerts: signed-link tokens that were never signed.
    const badToken = fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), longerThan(500), nulText, notAString, fc.constant(''));
    body(
      'POST /api/subscribe-email',
      '/api/subscribe-email',
      'POST',
      40,
      jsonBody(invalidObject({ email: 'fuzz-news@example.com' }, { email: fc.oneof(badEmail, overlongEmail) })),
    );
    body('POST /api/newsletter/confirm', '/api/newsletter/confirm', 'POST', 30, jsonBody(invalidObject({ token: 'x' }, { token: badToken })));
    add(20, badQuery(['token']), (query) => ({ route: 'GET /api/email-preferences', method: 'GET', url: `/api/email-preferences?${query}` }));
    const preferences = { weeklyLeads: true, productUpdates: false, marketingEmails: false };
    body(
      'PUT /api/email-preferences',
      '/api/email-preferences',
      'PUT',
      30,
      jsonBody(
        invalidObject(
          { token: 'x', preferences, frequency: 'weekly' },
          {
            token: badToken,
            preferences: fc.constantFrom<unknown>('yes', { weeklyLeads: 'true' }, [], 1),
            frequency: fc.constantFrom<unknown>('hourly', '', 1, null),
          },
        ),
      ),
    );
    body('POST /api/unsubscribe', '/api/unsubscribe', 'POST', 20, jsonBody(invalidObject({ token: 'x' }, { token: badToken })));
    add(10, badQueryValue, (token) => ({
      route: 'POST /api/unsubscribe',
      method: 'POST',
      url: '/api/unsubscribe',
      payload: `token=${token}&List-Unsubscribe=One-Click`,
      contentType: 'application/x-www-form-urlencoded',
    }));
    body('POST /api/me/visits', '/api/me/visits', 'POST', 10, jsonBody(fc.constantFrom<unknown>({ at: '2026-01-01' }, [], 'visit', 1, null, true)));
    body(
      'PUT /api/me/alerts',
      '/api/me/alerts',
      'PUT',
      30,
      jsonBody(invalidObject({ frequency: 'daily' }, { frequency: fc.oneof(fc.constantFrom('hourly', '', 'Weekly'), notAString, nulText) })),
    );

    // Development mailbox.
    add(20, badSegment, (id) => ({ route: 'GET /dev/mailbox/:id', method: 'GET', url: `/dev/mailbox/${id}` }));
    add(5, badQuery(['x']), (query) => ({ route: 'GET /dev/mailbox', method: 'GET', url: `/dev/mailbox?${query}` }));

    // Credentials that are not credentials, on gated routes: no session, never a 500.
    const badCookie = fc.oneof(
      fc.constantFrom(
        'better-auth.session_token=%',
        'better-auth.session_token=%E0%A4%A',
        '__Secure-better-auth.session_token=%zz',
        'better-auth.session_token=a.b.c',
        'better-auth.session_token=',
        `better-auth.session_token=${'x'.repeat(5000)}`,
        'better-auth.session_token=%00',
      ),
      unicodeGarbage.map((text) => `better-auth.session_token=${encodeURIComponent(text)}`),
    );
    const badAuthorization = fc.constantFrom('Bearer %', 'Bearer ', `Bearer ${'x'.repeat(5000)}`, 'Basic eDp5', 'Bearer a.b.c');
    add(
      30,
      fc.tuple(
        fc.constantFrom('/api/me', '/api/leads', '/api/leads/export.csv', '/api/auth/get-session', '/api/subscribers'),
        badCookie,
        badAuthorization,
        fc.boolean(),
      ),
      ([url, cookie, authorization, useCookie]) => ({
        route: `GET ${url === '/api/auth/get-session' ? '/api/auth/*' : url}`,
        method: 'GET',
        url,
        headers: useCookie ? { cookie } : ({ authorization } as Record<string, string>),
        anonymous: true,
      }),
    );
    // Added last, so every probe above keeps the samples it had.
    // Cursors that decode to something, just not to a position: JSON of the wrong shape, bad dates and ids, ranks.
    const cursorPart = fc.oneof(
      fc.constantFrom('d', 'r', '2026-02-30', '0000-01-01', '2026-01-01', seededIds[0] ?? '', 'NaN', '-1', '1e400', ''),
      unicodeGarbage,
      fc.integer(),
    );
    const badCursor = fc.oneof(
      fc.array(cursorPart, { maxLength: 5 }).map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url')),
      fc.string().map((text) => Buffer.from(text).toString('base64url')),
      unicodeGarbage.map(encodeURIComponent),
    );
    add(60, fc.tuple(badCursor, fc.constantFrom('', '&q=nova', '&sort=date', '&page=2')), ([cursor, rest]) => ({
      route: 'GET /api/leads',
      method: 'GET',
      url: `/api/leads?cursor=${cursor}${rest}`,
    }));
    // Issue 17's parameters: repeated lists (too many, bad values), contacts, time added, sort and direction, and
    // cursors of one sort sent with another.
    const newFilterKeys = ['industry', 'fundingRound', 'hasContacts', 'addedAfter', 'sort', 'dir'];
    const repeated = fc
      .tuple(fc.constantFrom('industry', 'fundingRound'), fc.integer({ min: 2, max: 30 }), badQueryValue)
      .map(([key, times, value]) => Array.from({ length: times }, () => `${key}=${value}`).join('&'));
    // Timestamps PostgreSQL would refuse once in UTC, or that are not timestamps.
    const badTimestamp = fc
      .constantFrom(
        '0001-01-01T00:30:00%2B01:00',
        '9999-12-31T23:30:00-01:00',
        '0000-01-01T00:00:00Z',
        '2026-02-30T00:00:00Z',
        '2026-11-25T25:00:00Z',
        '2026-11-25',
        '2026-11-25T09:00:00',
      )
      .map((value) => `addedAfter=${value}`);
    const newFilterQuery = fc.oneof(
      badQuery(newFilterKeys),
      repeated,
      badTimestamp,
      fc.tuple(badQuery(newFilterKeys), repeated).map(([a, b]) => `${a}&${b}`),
    );
    add(80, newFilterQuery, (query) => ({ route: 'GET /api/leads', method: 'GET', url: `/api/leads?${query}` }));
    add(40, newFilterQuery, (query) => ({ route: 'GET /api/leads/export.csv', method: 'GET', url: `/api/leads/export.csv?${query}` }));
    const sortedCursorPart = fc.oneof(
      fc.constantFrom('da', 'ad', 'aa', 'od', 'oa', '-1', '9223372036854775808', '-9223372036854775808', '1.5', '2026-01-01', seededIds[0] ?? ''),
      cursorPart,
    );
    const sortedCursor = fc.array(sortedCursorPart, { minLength: 3, maxLength: 6 }).map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));
    add(
      40,
      fc.tuple(sortedCursor, fc.constantFrom('', '&sort=amount', '&sort=round&dir=asc', '&sort=date&dir=asc', '&sort=relevance&q=nova')),
      ([cursor, rest]) => ({
        route: 'GET /api/leads',
        method: 'GET',
        url: `/api/leads?cursor=${cursor}${rest}`,
      }),
    );
    // Bulk delete: every body holds at least one thing the route must refuse, so nothing is deleted.
    const badLeadId = fc.oneof(
      fc.constantFrom('', 'not-a-uuid', '00000000-0000-4000-8000-00000000000', `${seededIds[0] ?? ''}x`, ' '),
      notAString,
      nulText,
      longerThan(100),
    );
    const bulkDeleteBody = fc.oneof(
      fc
        .tuple(fc.array(fc.constantFrom(...seededIds), { maxLength: 3 }), fc.array(badLeadId, { minLength: 1, maxLength: 2 }), fc.boolean())
        .map(([good, bad, badFirst]) => ({ ids: badFirst ? [...bad, ...good] : [...good, ...bad] })),
      fc.constantFrom<unknown>({ ids: [] }, {}, { ids: 'x' }, { ids: null }, { id: seededIds[0] }, [seededIds[0]], {
        ids: Array.from({ length: 501 }, () => seededIds[0]),
      }),
      invalidObject(
        { ids: seededIds.slice(0, 1) },
        {
          ids: fc.oneof(
            notAString.filter(
              (value) => !Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || !/^[0-9a-f-]{36}$/i.test(item)),
            ),
            fc.constant([]),
          ),
        },
      ),
    );
    body(
      'POST /api/leads/bulk-delete',
      '/api/leads/bulk-delete',
      'POST',
      50,
      fc.oneof({ weight: 4, arbitrary: jsonBody(bulkDeleteBody) }, { weight: 1, arbitrary: structurallyBad }),
    );
    // Issue 16: the public API (by session here; keys below), API keys, the OpenAPI document and reference.
    add(60, newFilterQuery, (query) => ({ route: 'GET /api/v1/leads', method: 'GET', url: `/api/v1/leads?${query}` }));
    add(30, badQuery([...filterKeys, 'cursor', 'sort']), (query) => ({ route: 'GET /api/v1/leads', method: 'GET', url: `/api/v1/leads?${query}` }));
    add(30, newFilterQuery, (query) => ({ route: 'GET /api/v1/leads/export.csv', method: 'GET', url: `/api/v1/leads/export.csv?${query}` }));
    add(30, fc.tuple(leadId, fc.option(badQuery(['x', 'id']), { nil: undefined })), ([id, query]) => ({
      route: 'GET /api/v1/leads/:id',
      method: 'GET',
      url: `/api/v1/leads/${id}${query ? `?${query}` : ''}`,
    }));
    add(30, fc.oneof(fc.constantFrom(...companyIds), badSegment), (id) => ({
      route: 'GET /api/v1/companies/:id',
      method: 'GET',
      url: `/api/v1/companies/${id}`,
    }));
    // Keys that are not keys: 401, never a 500, and no row touched.
    add(
      20,
      fc.tuple(
        fc.constantFrom(
          ['GET /api/v1/leads', '/api/v1/leads'],
          ['GET /api/v1/leads/export.csv', '/api/v1/leads/export.csv'],
          ['GET /api/v1/leads/:id', `/api/v1/leads/${seededIds[0] ?? ''}`],
          ['GET /api/v1/companies/:id', `/api/v1/companies/${companyIds[0] ?? ''}`],
        ),
        fc.oneof(
          fc.constantFrom('fw_', 'fw_%', `fw_${'A'.repeat(43)}`, `fw_${'x'.repeat(5000)}`, 'fw_a.b.c'),
          unicodeGarbage.map((text) => `fw_${encodeURIComponent(text)}`),
        ),
      ),
      ([[route, url], key]) => ({ route, method: 'GET', url, headers: { authorization: `Bearer ${key}` }, anonymous: true }),
    );
    add(10, badQuery(['x', 'limit']), (query) => ({ route: 'GET /api/api-keys', method: 'GET', url: `/api/api-keys?${query}` }));
    body(
      'POST /api/api-keys',
      '/api/api-keys',
      'POST',
      40,
      jsonBody(invalidObject({ name: 'Fuzz key' }, { name: fc.oneof(fc.constantFrom('', '   '), longerThan(100), notAString, nulText) })),
    );
    add(30, badSegment, (id) => ({ route: 'DELETE /api/api-keys/:id', method: 'DELETE', url: `/api/api-keys/${id}` }));
    for (const route of ['GET /api/openapi.json', 'GET /api/docs']) {
      add(5, badQuery(['x', 'url']), (query) => ({ route, method: 'GET', url: `${route.slice(4)}?${query}` }));
    }
    add(20, fc.oneof(badSegment, fc.constantFrom('docs.js', 'swagger-ui.css', 'index.html', 'package.json')), (file) => ({
      route: 'GET /api/docs/assets/:file',
      method: 'GET',
      url: `/api/docs/assets/${file}`,
    }));
    // Saved searches (issue 16): bodies that always hold one bad field, ids that are not the caller's.
    const savedSearch = {
      name: 'Fintech Series A',
      filter: { industry: ['Fintech'], fundingRound: ['Series A'], minFunding: 5_000_000 },
      alerts: { email: 'instant', slackWebhookUrl: null, webhookUrl: null },
    };
    const invalidSavedSearch = invalidObject(savedSearch, {
      name: fc.oneof(fc.constantFrom('', '   ', 'a\u0000b'), longerThan(100), notAString),
      filter: fc.oneof(
        fc.constantFrom<unknown>(
          'x',
          [],
          null,
          { industry: 'Fintech' },
          { fundingRound: ['Series Z'] },
          { minFunding: -1 },
          { minFunding: 1.5 },
          { minFunding: '5' },
          { minFunding: 10, maxFunding: 5 },
          { dateStart: '2026-02-30' },
          { dateStart: '2026-03-01', dateEnd: '2026-02-01' },
          { hasContacts: 'yes' },
          { lastDays: 0 },
          { lastDays: 366 },
          { lastDays: 1.5 },
          { addedAfter: '2026-01-01T00:00:00Z' },
          { unknownField: 1 },
          { industry: Array.from({ length: 21 }, (_, index) => `i${index}`) },
        ),
        longerThan(200).map((q) => ({ q })),
      ),
      alerts: fc.oneof(
        fc.constantFrom<unknown>(
          'x',
          [],
          { email: 'hourly' },
          { email: 'off', webhookUrl: 'javascript:alert(1)' },
          { email: 'off', slackWebhookUrl: 'ftp://example.com/x' },
          { email: 'off', webhookUrl: 'not a url' },
          { email: 'off', webhookUrl: 1 },
        ),
        longerThan(2000).map((path) => ({ email: 'off', webhookUrl: `https://example.com/${path}` })),
      ),
    });
    body('POST /api/saved-searches', '/api/saved-searches', 'POST', 60, jsonBody(invalidSavedSearch));
    add(10, badQuery(['x', 'page']), (query) => ({ route: 'GET /api/saved-searches', method: 'GET', url: `/api/saved-searches?${query}` }));
    add(20, badSegment, (id) => ({ route: 'GET /api/saved-searches/:id', method: 'GET', url: `/api/saved-searches/${id}` }));
    add(40, fc.tuple(badSegment, jsonBody(invalidSavedSearch)), ([id, { payload, contentType }]) => ({
      route: 'PUT /api/saved-searches/:id',
      method: 'PUT',
      url: `/api/saved-searches/${id}`,
      payload,
      contentType,
    }));
    add(20, badSegment, (id) => ({ route: 'DELETE /api/saved-searches/:id', method: 'DELETE', url: `/api/saved-searches/${id}` }));
    add(20, badSegment, (id) => ({ route: 'POST /api/saved-searches/:id/viewed', method: 'POST', url: `/api/saved-searches/${id}/viewed` }));
    // Slack and webhook channels (issue 16): ids that are not the caller's, bodies that should be empty, stray query fields.
    const nonEmptyBody = jsonBody(fc.constantFrom<unknown>({ secret: 'whsec_x' }, { url: 'http://127.0.0.1/' }, [], 'x', 1));
    for (const action of ['rotate-secret', 'test-event'] as const) {
      add(15, badSegment, (id) => ({ route: `POST /api/saved-searches/:id/${action}`, method: 'POST', url: `/api/saved-searches/${id}/${action}` }));
      add(10, fc.tuple(badSegment, nonEmptyBody), ([id, { payload, contentType }]) => ({
        route: `POST /api/saved-searches/:id/${action}`,
        method: 'POST',
        url: `/api/saved-searches/${id}/${action}`,
        payload,
        contentType,
      }));
    }
    add(20, badSegment, (id) => ({ route: 'GET /api/saved-searches/:id/deliveries', method: 'GET', url: `/api/saved-searches/${id}/deliveries` }));
    add(10, badQuery(['limit', 'cursor']), (query) => ({
      route: 'GET /api/saved-searches/:id/deliveries',
      method: 'GET',
      url: `/api/saved-searches/00000000-0000-4000-8000-000000000000/deliveries?${query}`,
    }));
    // Send to CRM (issue 32): nothing is connected here, HubSpot is not set up, and every body is refused.
    add(10, badQuery(['x']), (query) => ({ route: 'GET /api/integrations', method: 'GET', url: `/api/integrations?${query}` }));
    add(10, badQuery(['x']), (query) => ({ route: 'GET /api/integrations/hubspot/connect', method: 'GET', url: `/api/integrations/hubspot/connect?${query}` }));
    add(30, badQuery(['code', 'state', 'error']), (query) => ({
      route: 'GET /api/integrations/hubspot/callback',
      method: 'GET',
      url: `/api/integrations/hubspot/callback?${query}`,
    }));
    const invalidToken = invalidObject(
      { apiToken: 'abc123' },
      { apiToken: fc.oneof(fc.constantFrom('', '   ', 'has space', 'a/b', 'tök'), longerThan(200), notAString, nulText) },
    );
    body('PUT /api/integrations/pipedrive', '/api/integrations/pipedrive', 'PUT', 40, jsonBody(invalidToken));
    add(20, fc.oneof(fc.constantFrom('hubspot', 'pipedrive', 'salesforce'), badSegment), (crm) => ({
      route: 'DELETE /api/integrations/:crm',
      method: 'DELETE',
      url: `/api/integrations/${crm}`,
    }));
    const invalidPush = invalidObject(
      { crm: 'hubspot', leadIds: seededIds.slice(0, 2) },
      {
        crm: fc.oneof(fc.constantFrom('', 'HubSpot', 'salesforce'), notAString, nulText),
        leadIds: fc.oneof(
          fc.constantFrom<unknown>([], ['x'], [null], 'x', {}),
          fc.integer({ min: 501, max: 700 }).map((n) => Array.from({ length: n }, () => seededIds[0])),
          fc.array(badSegment, { minLength: 1, maxLength: 3 }),
        ),
      },
    );
    body('POST /api/crm/pushes', '/api/crm/pushes', 'POST', 40, jsonBody(invalidPush));
    // A well-formed push to a CRM that is not connected is refused too.
    add(5, fc.constantFrom('hubspot', 'pipedrive'), (crm) => ({
      route: 'POST /api/crm/pushes',
      method: 'POST',
      url: '/api/crm/pushes',
      payload: JSON.stringify({ crm, leadIds: seededIds.slice(0, 3) }),
      contentType: 'application/json',
    }));
    add(20, badSegment, (id) => ({ route: 'GET /api/crm/pushes/:id', method: 'GET', url: `/api/crm/pushes/${id}` }));
    add(20, badQuery(['leadIds', 'x']), (query) => ({ route: 'GET /api/crm/records', method: 'GET', url: `/api/crm/records?${query}` }));
    return list;
  }

  function describeProbe(probe: Probe): string {
    const payload =
      probe.payload === undefined
        ? ''
        : ` ${probe.contentType} ${JSON.stringify(Buffer.isBuffer(probe.payload) ? probe.payload.toString('latin1') : probe.payload).slice(0, 1000)}`;
    return `${probe.method} ${probe.url.slice(0, 300)}${payload}${probe.headers ? ` headers ${JSON.stringify(probe.headers).slice(0, 200)}` : ''}`;
  }

  it('answers at least 1,000 generated bad requests across every input route with no 5xx, and changes no row', { timeout: 180_000 }, async () => {
    const list = probes();
    expect(list.length).toBeGreaterThanOrEqual(1_000);
    // Every route that takes input is covered.
    const covered = new Set(list.map((probe) => probe.route));
    const uncovered = Object.keys(ROUTE_TABLE).filter((route) => !covered.has(route) && !NOT_FUZZED.has(route));
    expect(uncovered).toEqual([]);

    const before = await tableHashes();
    const failures: string[] = [];
    const reached = new Set<string>();
    for (const probe of list) {
      const access = ROUTE_TABLE[probe.route]!;
      const headers: Record<string, string> = { ...(probe.anonymous ? {} : roleHeaders[access]), origin: t.config.appUrl, ...probe.headers };
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const options: InjectOptions = { method: probe.method, url: probe.url, headers, ...(probe.payload === undefined ? {} : { payload: probe.payload }) };
      let status: number;
      let text: string;
      try {
        const response = await t.app.inject(options);
        status = response.statusCode;
        text = response.body;
      } catch (error) {
        status = -1;
        text = String(error);
      }
      if (status < 0 || status >= 500) failures.push(`${status} ${describeProbe(probe)} -> ${text.slice(0, 200)}`);
      // A write that was accepted is the likeliest to have changed rows: name it at once.
      if (probe.method !== 'GET' && status >= 200 && status < 400) {
        const now = await tableHashes();
        const changed = Object.keys(before).filter((table) => before[table] !== now[table]);
        if (changed.length > 0) {
          failures.push(`${status} changed ${changed.join(', ')}: ${describeProbe(probe)} -> ${text.slice(0, 200)}`);
          Object.assign(before, now);
        }
      }
      if (!probe.anonymous && status !== 401 && status !== 403) reached.add(probe.route);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    // The input got past the access gate on every route, so the roles were right.
    expect([...covered].filter((route) => !reached.has(route))).toEqual([]);

    const after = await tableHashes();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, `tables changed by bad input (seed ${SEED})`).toEqual([]);
  });
});
