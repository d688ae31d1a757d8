// CSV export: RFC 4180 (CRLF line ends), with cells that a spreadsheet would run as a formula neutralised. The
// server's export and the web app's export of selected rows write the same format. Written by hand: csv-stringify,
// which wrote it before and writes exactly the same text (csv.test.ts compares them on random cells), took a third of
// the export's CPU (decision 026).
import { CSV_COLUMNS } from './constants.js';
import type { Lead } from './leads.js';

// A formula may also start after a separator that a spreadsheet splits on when it guesses the
// delimiter (`a;=cmd()`, `a\t=cmd()`), or after a line break inside a quoted cell.
const FORMULA = /^[=+\-@\t\r]|[,;\t\r\n][=+\-@]/;

type Cell = string | number | null | undefined;

/** Numbers are ours and safe; text from anywhere else must not start a formula. */
function guardFormula(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** A cell holding a comma, a quote or a line break (a lone CR or LF too) is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** One cell's text: nothing for an unknown value, numbers as they are, text guarded and quoted as needed. */
function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = guardFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** Rows of cells as CSV text, each line ending in CRLF. */
export function csvLines(rows: Cell[][]): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < row.length; index++) text += index === 0 ? cellText(row[index]) : `,${cellText(row[index])}`;
    text += '\r\n';
  }
  return text;
}

export function csvCell(value: Cell): string {
  return csvLines([[value]]).slice(0, -2);
}

export function csvLine(cells: Cell[]): string {
  return csvLines([cells]);
}

export const CSV_HEADER_LINE = csvLine([...CSV_COLUMNS]);

/** What a CSV line says of a contact: its columns, with the email's status and source when known. */
export type CsvContact = Pick<Lead['contacts'][number], 'name' | 'role' | 'email' | 'linkedIn'> & {
  emailStatus?: string | null;
  emailSource?: string | null;
};

/** What a CSV line says of a lead (its columns, CSV_COLUMNS). */
export type CsvLead = Pick<Lead, 'companyName' | 'domain' | 'industry' | 'fundingAmount' | 'fundingRound' | 'location' | 'fundingDate' | 'description'> & {
  contacts: CsvContact[];
};

/** The cells of one line: the lead's, then the contact's (empty without one). Unknown values are empty cells. */
export function leadContactCells(lead: Omit<CsvLead, 'contacts'>, contact: CsvContact | undefined): Cell[] {
  return [
    lead.companyName,
    lead.domain,
    lead.industry,
    lead.fundingAmount,
    lead.fundingRound,
    lead.location,
    lead.fundingDate,
    lead.description,
    contact?.name ?? '',
    contact?.role ?? '',
    // A bounced address is left out of every export; the status column says it bounced.
    contact && contact.emailStatus !== 'bounced' ? contact.email : '',
    contact?.emailStatus ?? '',
    contact?.emailSource ?? '',
    contact ? contact.linkedIn : '',
  ];
}

/** One line per contact; a lead without contacts still gets one line with empty contact cells. */
function leadRows(lead: CsvLead): Cell[][] {
  if (lead.contacts.length === 0) return [leadContactCells(lead, undefined)];
  return lead.contacts.map((contact) => leadContactCells(lead, contact));
}

export function leadCsvLines(lead: CsvLead): string {
  return csvLines(leadRows(lead));
}

export function csvFileName(date: Date = new Date()): string {
  return `fundwire-leads-${date.toISOString().slice(0, 10)}.csv`;
}
