// A local stand-in for the two Hunter.io endpoints enrichment calls, in Hunter's real response shapes:
// GET /v2/domain-search (by company or domain) and GET /v2/email-finder. Errors are `{ errors: [{ id, code, details }] }`
// with a 4xx; a 429 carries Retry-After. It records every request (the api_key redacted) so tests can count them.
// Startable on its own (e2e, bench): startHunterStandIn({ port }).
import http from 'node:http';

export type HunterVerification = 'valid' | 'accept_all' | 'unknown' | 'invalid' | 'webmail' | 'disposable';

export interface HunterOrganisation {
  /** What Hunter calls the organisation ("Acme Robotics"); matched against the company's name by enrichment. */
  organization: string;
  domain: string;
  /** '{first}.{last}', '{first}', '{f}{last}'…; null when unknown. */
  pattern?: string | null;
  /** Known addresses at the domain. */
  emails?: { value: string; firstName: string; lastName: string; position?: string; status?: HunterVerification }[];
}

export interface HunterPerson {
  domain: string;
  firstName: string;
  lastName: string;
  email: string | null;
  status: HunterVerification;
  score?: number;
}

export interface HunterRequest {
  path: string;
  /** The query with api_key replaced by [redacted]. */
  query: Record<string, string>;
  at: number;
}

export interface HunterStandIn {
  url: string;
  requests: HunterRequest[];
  /** The api_key every request must carry (401 otherwise). */
  apiKey: string;
  /** Answers domain searches for this company name (as sent) and for its domain. */
  addOrganisation(company: string, organisation: HunterOrganisation): void;
  addPerson(person: HunterPerson): void;
  /** The next `times` requests to `path` answer `status` (429 with Retry-After seconds when given). */
  failNext(path: '/v2/domain-search' | '/v2/email-finder', status: number, retryAfterSeconds?: number, times?: number): void;
  close(): Promise<void>;
}

const key = (...parts: string[]) => parts.map((part) => part.trim().toLowerCase()).join('|');

export async function startHunterStandIn(options: { port?: number; apiKey?: string } = {}): Promise<HunterStandIn> {
  const apiKey = options.apiKey ?? 'hunter-test-key';
  const requests: HunterRequest[] = [];
  const byCompany = new Map<string, HunterOrganisation>();
  const byDomain = new Map<string, HunterOrganisation>();
  const people = new Map<string, HunterPerson>();
  const failures = new Map<string, { status: number; retryAfter?: number; times: number }[]>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query: { ...query, ...(query.api_key ? { api_key: '[redacted]' } : {}) }, at: Date.now() });
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, id: string, details: string, headers: Record<string, string> = {}) =>
      reply(status, { errors: [{ id, code: status, details }] }, headers);
    const failure = failures.get(url.pathname)?.[0];
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.get(url.pathname)!.shift();
      if (failure.status === 429)
        return error(429, 'too_many_requests', "You've reached your rate limit.", failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) });
      return error(failure.status, 'stand_in_failure', `stand-in failure ${failure.status}`);
    }
    if (query.api_key !== apiKey) return error(401, 'authentication_failed', 'No user found for the API key supplied');
    if (url.pathname === '/v2/domain-search') {
      const found = query.domain ? byDomain.get(key(query.domain)) : query.company ? byCompany.get(key(query.company)) : undefined;
      if (!query.domain && !query.company) return error(400, 'wrong_params', 'You are missing the domain or company parameter');
      return reply(200, {
        data: {
          domain: found?.domain ?? (query.domain || null),
          disposable: false,
          webmail: false,
          accept_all: false,
          pattern: found?.pattern ?? null,
          organization: found?.organization ?? null,
          emails: (found?.emails ?? []).map((email) => ({
            value: email.value,
            type: 'personal',
            confidence: 94,
            first_name: email.firstName,
            last_name: email.lastName,
            position: email.position ?? null,
            verification: { date: '2026-11-20', status: email.status ?? 'valid' },
          })),
        },
        meta: { results: found?.emails?.length ?? 0, limit: 10, offset: 0, params: { domain: query.domain ?? null, company: query.company ?? null } },
      });
    }
    if (url.pathname === '/v2/email-finder') {
      if (!query.domain || !query.first_name || !query.last_name) return error(400, 'wrong_params', 'You are missing the domain, first_name or last_name parameter');
      const person = people.get(key(query.domain, query.first_name, query.last_name));
      if (!person || person.email === null) return error(404, 'email_not_found', 'No email address was found for this person');
      return reply(200, {
        data: {
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          score: person.score ?? 90,
          domain: person.domain,
          accept_all: person.status === 'accept_all',
          position: null,
          sources: [],
          verification: { date: '2026-11-20', status: person.status },
        },
        meta: { params: { first_name: query.first_name, last_name: query.last_name, domain: query.domain } },
      });
    }
    return error(404, 'route_not_found', 'This route does not exist');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    apiKey,
    addOrganisation(company, organisation) {
      byCompany.set(key(company), organisation);
      byDomain.set(key(organisation.domain), organisation);
    },
    addPerson(person) {
      people.set(key(person.domain, person.firstName, person.lastName), person);
    },
    failNext(path, status, retryAfterSeconds, times = 1) {
      const list = failures.get(path) ?? [];
      list.push({ status, retryAfter: retryAfterSeconds, times });
      failures.set(path, list);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
