// Reads an uploaded CSV as it arrives: bytes are decoded line by line (UTF-8, or Windows-1252 for a line that
// is not valid UTF-8, so a Latin-1 'é' survives), then parsed by csv-parse. A record csv-parse cannot read is
// reported with its line and the parser carries on, so one broken quote does not lose the rest of the file.
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  cells: string[];
}

export interface CsvProblem {
  line: number;
  reason: string;
}

/** A record larger than this is refused (and reported) rather than buffered. */
const MAX_RECORD_CHARS = 256 * 1024;

// Windows-1252 differs from Latin-1 only in 0x80–0x9F; Node's TextDecoder('windows-1252') decodes it as Latin-1.
const CP1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd,
  0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte);
  return text;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes on Western Windows). */
export function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Splits a byte stream at LF (0x0A, never part of a multi-byte UTF-8 character) and decodes each line on its own. */
class LineDecoder extends Transform {
  private rest: Buffer = Buffer.alloc(0);
  private first = true;

  constructor() {
    super({ readableObjectMode: false });
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback): void {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (this.rest.length > 0) bytes = Buffer.concat([this.rest, bytes]);
    const end = bytes.lastIndexOf(0x0a);
    if (end === -1) {
      this.rest = bytes;
      return callback();
    }
    this.rest = bytes.subarray(end + 1);
    this.pushLines(bytes.subarray(0, end + 1));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.rest.length > 0) this.pushLines(this.rest);
    callback();
  }

  private pushLines(bytes: Buffer): void {
    let text = '';
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(0x0a, start);
      const stop = newline === -1 ? bytes.length : newline + 1;
      text += decodeLine(bytes.subarray(start, stop));
      start = stop;
    }
    if (this.first) {
      text = text.replace(/^\uFEFF/, '');
      this.first = false;
    }
    this.push(text);
  }
}

function describe(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted cell is never closed';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `the row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') return 'a quote is not followed by a comma or the end of the line';
  return 'the row is not valid CSV';
}

/**
 * Yields one record at a time with its line number; problems (records csv-parse cannot read) go to
 * `onProblem` and parsing continues.
 */
export async function* parseCsvStream(source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, onProblem: (problem: CsvProblem) => void = () => {}): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    info: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_skip: (error) => {
      if (error) onProblem({ line: Number(error.lines ?? 0) || 1, reason: describe(error) });
      return undefined;
    },
  });
  const decoder = new LineDecoder();
  const input = Readable.from(source as AsyncIterable<Buffer | string>, { objectMode: false });
  input.on('error', (error) => decoder.destroy(error));
  decoder.on('error', (error) => parser.destroy(error));
  input.pipe(decoder).pipe(parser);
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const cells = item.record;
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    // info.lines is the line the record ends on; a record spans one line more per line break inside it.
    const breaks = cells.reduce((total, cell) => total + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
    yield { line: item.info.lines - breaks, cells };
  }
}
