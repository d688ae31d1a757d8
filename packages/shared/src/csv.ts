// CSV export: RFC 4180 (csv-stringify, CRLF line ends), with cells that a spreadsheet would run as a formula
// neutralised. The server's export and the web app's export of selected rows write the same format.
import { stringify, type Options } from 'csv-stringify/sync';
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

// Lines end in CRLF; a lone CR or LF inside a cell is quoted too, as RFC 4180 asks.
const CSV_OPTIONS: Options = { record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { string: guardFormula } };

/** Rows of cells as CSV text, each line ending in CRLF. */
export function csvLines(rows: Cell[][]): string {
  return stringify(rows, CSV_OPTIONS);
}

export function csvCell(value: Cell): string {
  return csvLines([[value]]).slice(0, -2);
}

export function csvLine(cells: Cell[]): string {
  return csvLines([cells]);
}

export const CSV_HEADER_LINE = csvLine([...CSV_COLUMNS]);

/** What a CSV line says of a lead (its columns, CSV_COLUMNS). */
export type CsvLead = Pick<Lead, 'companyName' | 'domain' | 'industry' | 'fundingAmount' | 'fundingRound' | 'location' | 'fundingDate' | 'description' | 'contacts'>;

/** One line per contact; unknown values are empty cells; a lead without contacts still gets one line with empty contact cells. */
function leadRows(lead: CsvLead): Cell[][] {
  const base = [lead.companyName, lead.domain, lead.industry, lead.fundingAmount, lead.fundingRound, lead.location, lead.fundingDate, lead.description];
  if (lead.contacts.length === 0) return [[...base, '', '', '', '']];
  return lead.contacts.map((contact) => [...base, contact.name, contact.role, contact.email, contact.linkedIn]);
}

export function leadCsvLines(lead: CsvLead): string {
  return csvLines(leadRows(lead));
}

/** Many leads' lines in one pass (the export writes a batch at a time). */
export function leadsCsvLines(leads: CsvLead[]): string {
  return leads.length === 0 ? '' : csvLines(leads.flatMap(leadRows));
}

export function csvFileName(date: Date = new Date()): string {
  return `fundwire-leads-${date.toISOString().slice(0, 10)}.csv`;
}
