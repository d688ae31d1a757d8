// CSV export: RFC 4180 quoting, with cells that a spreadsheet would run as a formula neutralised.
import { CSV_COLUMNS } from './constants.js';

// A formula may also start after a separator that a spreadsheet splits on when it guesses the
// delimiter (`a;=cmd()`, `a\t=cmd()`), or after a line break inside a quoted cell.
const FORMULA = /^[=+\-@\t\r]|[,;\t\r\n][=+\-@]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Numbers are ours and safe; text from anywhere else must not start a formula.
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const CSV_HEADER_LINE = csvLine([...CSV_COLUMNS]);

export interface CsvLead {
  companyName: string;
  domain: string;
  industry: string | null;
  fundingAmount: number | null;
  fundingRound: string | null;
  location: string | null;
  fundingDate: string;
  description: string;
  contacts: { name: string; role: string; email: string | null; linkedIn: string }[];
}

/** One line per contact; unknown values are empty cells; a lead without contacts still gets one line with empty contact cells. */
export function leadCsvLines(lead: CsvLead): string {
  const base = [lead.companyName, lead.domain, lead.industry, lead.fundingAmount, lead.fundingRound, lead.location, lead.fundingDate, lead.description];
  if (lead.contacts.length === 0) return csvLine([...base, '', '', '', '']);
  return lead.contacts.map((contact) => csvLine([...base, contact.name, contact.role, contact.email, contact.linkedIn])).join('');
}

export function csvFileName(date: Date = new Date()): string {
  return `fundwire-leads-${date.toISOString().slice(0, 10)}.csv`;
}

/** Parses RFC 4180 text back into rows (tests read exports back with it; imports use csv-parse). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
