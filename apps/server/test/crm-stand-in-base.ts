// What the HubSpot and Pipedrive stand-ins share: a JSON HTTP server that records every request, and faults a
// test can arm (an answer with a status and headers for the next matching requests, or a request left hanging).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The raw body text (form bodies are parsed into `query`-like params by the stand-in that needs them). */
  text: string;
  at: number;
}

export interface Fault {
  method?: string;
  /** Matches the path (a prefix when a string). */
  path?: string | RegExp;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** How many matching requests it answers (default 1). */
  times?: number;
  /** Leave the request unanswered until release() or close(). */
  hang?: boolean;
  /** Let this many matching requests through first. */
  after?: number;
}

export interface JsonReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  html?: string;
  redirect?: string;
}

export interface BaseStandIn {
  url: string;
  port: number;
  requests: RecordedRequest[];
  faults: Fault[];
  /** Answers every hanging request with a dropped connection. */
  release(): void;
  /** Requests left hanging now. */
  hanging(): number;
  close(): Promise<void>;
}

export async function startJsonStandIn(
  options: { port?: number },
  handle: (request: RecordedRequest) => JsonReply,
  extraHeaders: () => Record<string, string> = () => ({}),
): Promise<BaseStandIn> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((incoming, response) => {
    let text = '';
    incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      let body: unknown = null;
      try {
        body = text && String(incoming.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body, text, at: Date.now() };
      requests.push(recorded);
      let fault = faults.find(
        (candidate) =>
          (candidate.times ?? 1) > 0 &&
          (!candidate.method || candidate.method === recorded.method) &&
          (!candidate.path || (typeof candidate.path === 'string' ? recorded.path.startsWith(candidate.path) : candidate.path.test(recorded.path))),
      );
      if (fault && (fault.after ?? 0) > 0) {
        fault.after! -= 1;
        fault = undefined;
      }
      let reply: JsonReply;
      if (fault) {
        fault.times = (fault.times ?? 1) - 1;
        if (fault.hang) {
          hung.add(response);
          return;
        }
        reply = { status: fault.status, body: fault.body ?? { message: `stand-in fault ${fault.status}` }, headers: fault.headers };
      } else {
        try {
          reply = handle(recorded);
        } catch (error) {
          reply = { status: 500, body: { message: String(error) } };
        }
      }
      const headers = { ...extraHeaders(), ...reply.headers };
      if (reply.redirect) {
        response.writeHead(302, { ...headers, location: reply.redirect });
        return response.end();
      }
      if (reply.html !== undefined) {
        response.writeHead(reply.status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
        return response.end(reply.html);
      }
      response.writeHead(reply.status, { ...headers, 'content-type': 'application/json' });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const release = () => {
    for (const response of hung) response.socket?.destroy();
    hung.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    faults,
    release,
    hanging: () => hung.size,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
