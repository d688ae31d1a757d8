// A local HTTP stand-in for the Fundraising Fox dataset's raw rounds.csv, as GitHub's raw host serves it: an
// ETag and a Last-Modified on every answer, 304 with no body to a request whose If-None-Match names the current
// file. The file is a string, or a generator of chunks (a release larger than memory would like, streamed).
// Every request is recorded, with its conditional headers and how many bytes were sent.
import http from 'node:http';
import { createHash } from 'node:crypto';

export const FUNDRAISINGFOX_HEADER = 'company_slug,company_name,fundraisingfox_url,domain,announced_on,stage,round_label,amount_usd,amount_is_floor,basis';

export interface DatasetRow {
  slug: string;
  name: string;
  domain?: string;
  date: string;
  stage?: string;
  label?: string;
  amount?: number | null;
  basis?: 'press' | 'sec_filing';
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One CSV line (CRLF, as the real file) of a row. */
export function datasetLine(row: DatasetRow): string {
  const basis = row.basis ?? 'press';
  return (
    [
      row.slug,
      row.name,
      `https://fundraisingfox.com/companies/${row.slug}`,
      row.domain ?? '',
      row.date,
      row.stage ?? '',
      row.label ?? '',
      row.amount === null || row.amount === undefined ? '' : String(row.amount),
      basis === 'sec_filing' ? 'True' : 'False',
      basis,
    ]
      .map(quote)
      .join(',') + '\r\n'
  );
}

export function datasetFile(rows: DatasetRow[]): string {
  return `${FUNDRAISINGFOX_HEADER}\r\n${rows.map(datasetLine).join('')}`;
}

export interface DatasetRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  status: number;
  bytes: number;
}

export interface FundraisingFoxStandIn {
  /** The file's address (FUNDRAISINGFOX_URL). */
  url: string;
  requests: DatasetRequest[];
  /** Serves this file from now on (a new release: a new ETag). */
  setFile(body: string): void;
  /** Serves a streamed release: `chunks` is called per request; `version` names it (its ETag). */
  setStream(version: string, chunks: () => AsyncIterable<string>): void;
  close(): Promise<void>;
}

export async function startFundraisingFoxStandIn(): Promise<FundraisingFoxStandIn> {
  const requests: DatasetRequest[] = [];
  let body: { etag: string; lastModified: string; chunks: () => AsyncIterable<string> } = { etag: '"empty"', lastModified: new Date(0).toUTCString(), chunks: async function* () {} };
  let releases = 0;
  const release = (etag: string, chunks: () => AsyncIterable<string>) => {
    releases++;
    body = { etag, lastModified: new Date(Date.UTC(2026, 9, releases)).toUTCString(), chunks };
  };
  const server = http.createServer((request, response) => {
    const entry: DatasetRequest = {
      path: request.url ?? '',
      ifNoneMatch: request.headers['if-none-match'] ?? null,
      ifModifiedSince: request.headers['if-modified-since'] ?? null,
      status: 200,
      bytes: 0,
    };
    requests.push(entry);
    if (request.url !== '/fundraisingfox/data/main/rounds.csv') {
      entry.status = 404;
      response.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
      return;
    }
    const current = body;
    if (entry.ifNoneMatch === current.etag) {
      entry.status = 304;
      response.writeHead(304, { etag: current.etag, 'last-modified': current.lastModified }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', etag: current.etag, 'last-modified': current.lastModified });
    void (async () => {
      for await (const chunk of current.chunks()) {
        entry.bytes += Buffer.byteLength(chunk);
        if (!response.write(chunk)) await new Promise<void>((resolve) => response.once('drain', () => resolve()));
      }
      response.end();
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/fundraisingfox/data/main/rounds.csv`,
    requests,
    setFile(text) {
      const etag = `"${createHash('sha1').update(text).digest('hex')}"`;
      release(etag, async function* () {
        for (let at = 0; at < text.length; at += 64 * 1024) yield text.slice(at, at + 64 * 1024);
      });
    },
    setStream(version, chunks) {
      release(`"${version}"`, chunks);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
