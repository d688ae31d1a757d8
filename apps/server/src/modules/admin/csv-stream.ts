// An incremental RFC 4180 parser: yields one record at a time from a byte stream, with its line number,
// so a 100,000-row file never sits in memory whole.
export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  cells: string[];
}

export async function* parseCsvStream(source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8');
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteSeen = false; // the previous char was a quote inside a quoted cell
  let line = 1;
  let recordLine = 1;
  let pendingCR = false;

  const endRecord = function* (): Generator<CsvRecord> {
    cells.push(cell);
    cell = '';
    const record = { line: recordLine, cells };
    cells = [];
    // Skip blank lines.
    if (!(record.cells.length === 1 && record.cells[0] === '')) yield record;
  };

  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string;
      if (pendingCR) {
        pendingCR = false;
        if (char === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (char === '"') {
            cell += '"';
            continue;
          }
          quoted = false;
          // fall through: the char after a closing quote is handled as unquoted
        } else if (char === '"') {
          quoteSeen = true;
          continue;
        } else {
          if (char === '\n') line++;
          cell += char;
          continue;
        }
      }
      if (char === '"' && cell === '') {
        quoted = true;
      } else if (char === ',') {
        cells.push(cell);
        cell = '';
      } else if (char === '\n' || char === '\r') {
        pendingCR = char === '\r';
        yield* endRecord();
        line++;
        recordLine = line;
      } else {
        cell += char;
      }
    }
  }
  const tail = decoder.decode();
  if (tail) cell += tail;
  if (cell !== '' || cells.length > 0) yield* endRecord();
}
