// A local HTTP receiver on 127.0.0.1 for webhook and Slack tests (never the internet): it answers each
// request with the next planned reply and keeps what it received.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

/** Answers each request with the next planned reply (the last one repeats) and keeps what it received. */
export function createReceiver() {
  const received: Received[] = [];
  let plan: Array<(response: http.ServerResponse) => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), url: request.url ?? '' });
      const reply = plan.length > 1 ? plan.shift() : plan[0];
      (reply ?? ((res: http.ServerResponse) => res.writeHead(204).end()))(response);
    });
  });
  return {
    server,
    received,
    reply(...replies: Array<(response: http.ServerResponse) => void>) {
      plan = replies;
    },
    reset() {
      received.length = 0;
      plan = [];
    },
    url(path = '/hook') {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    },
    port() {
      return (server.address() as AddressInfo).port;
    },
    async listen() {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
    /** The Standard Webhooks headers of a received request, as the verifier takes them. */
    webhookHeaders(request: Received) {
      return {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
    },
  };
}

export const status =
  (code: number, headers: Record<string, string> = {}, body = '') =>
  (response: http.ServerResponse) =>
    response.writeHead(code, headers).end(body);
