// The outside world for e2e runs: a real SMTP receiver (smtp-server) whose mails are readable over HTTP,
// a local OpenID provider (oauth2-mock-server) standing in for Google, SEC EDGAR (the server's own
// test stand-in) serving a few Form D filings from the last days, and HubSpot (its authorize page, tokens and CRM
// endpoints; the server's own stand-in). Started by Playwright.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { startEdgarStandIn } from '../../apps/server/test/edgar-stand-in.js';
import { datasetFile, startFundraisingFoxStandIn } from '../../apps/server/test/fundraisingfox-stand-in.js';
import { startSecDataStandIn } from '../../apps/server/test/sec-data-stand-in.js';
import { daysBefore, E2E_SEC_RECORDS, edgarDay, filingsByDay } from './edgar-filings.js';
import { startHubspotStandIn } from '../../apps/server/test/hubspot-stand-in.js';
import { e2eDatasetRows } from './fundraisingfox-rows.js';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailApiPort = Number(process.env.E2E_MAIL_API_PORT);
const oidcPort = Number(process.env.E2E_OIDC_PORT);
const edgarPort = Number(process.env.E2E_EDGAR_PORT);
const fundraisingFoxPort = Number(process.env.E2E_FUNDRAISINGFOX_PORT);
const secDataPort = Number(process.env.E2E_SEC_DATA_PORT);
const hubspotPort = Number(process.env.E2E_HUBSPOT_PORT);

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
const mails: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: parsed.subject ?? '', text: parsed.text ?? '' });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

// The person the provider signs in; tests change it with POST /oidc-user.
let oidcUser = { sub: 'e2e-google-user', email: 'google.user@example.com', name: 'Google User' };
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, { ...oidcUser, email_verified: true });
});
oidc.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
  response.body = { ...oidcUser, email_verified: true };
});
await oidc.start(oidcPort, '127.0.0.1');

// EDGAR: the last week's daily indexes (today's is not out yet, as on SEC), a few filings in them.
const edgar = await startEdgarStandIn();
const now = new Date();
for (let daysAgo = 1; daysAgo <= 10; daysAgo++) edgar.publishDay(daysBefore(edgarDay(now), daysAgo));
for (const [day, filings] of filingsByDay(now)) for (const filing of filings) edgar.addFiling(day, filing);
// The Fundraising Fox dataset: one SEC-based row of a round that a filing above also reports (merged into one lead).
const fundraisingFox = await startFundraisingFoxStandIn();
fundraisingFox.setFile(datasetFile(e2eDatasetRows(now)));

// SEC's company records (data.sec.gov): one filer's website, phone and address; the other CIKs answer 404, as SEC does.
const secData = await startSecDataStandIn({ port: secDataPort });
for (const record of E2E_SEC_RECORDS) secData.addCompany(record);
// HubSpot, on the port the server's HUBSPOT_AUTH_URL and HUBSPOT_API_URL name (playwright.config.ts).
const hubspot = await startHubspotStandIn({ port: hubspotPort, clientId: 'hubspot-client-id', clientSecret: 'hubspot-client-secret' });

// The stand-ins take any free port; the server's base URLs need one known in advance, so relay them.
function relay(target: string, port: number): http.Server {
  return http
    .createServer((request, response) => {
      const upstream = http.request(`${target}${request.url ?? '/'}`, { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => {
        response.statusCode = 502;
        response.end();
      });
      request.pipe(upstream);
    })
    .listen(port, '127.0.0.1');
}
const edgarRelay = relay(edgar.url, edgarPort);
const fundraisingFoxRelay = relay(new URL(fundraisingFox.url).origin, fundraisingFoxPort);

http
  .createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(mails));
    }
    if (request.method === 'POST' && request.url === '/oidc-user') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        oidcUser = JSON.parse(body) as typeof oidcUser;
        response.end('{}');
      });
      return;
    }
    if (request.method === 'GET' && request.url === '/edgar-requests') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(edgar.requests));
    }
    if (request.url === '/health') return response.end('ok');
    response.statusCode = 404;
    response.end();
  })
  .listen(mailApiPort, '127.0.0.1');

const stop = () => {
  smtp.close();
  void oidc.stop();
  edgarRelay.close();
  void edgar.close();
  fundraisingFoxRelay.close();
  void fundraisingFox.close();
  void secData.close();
  void hubspot.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
