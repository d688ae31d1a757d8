// EDGAR's daily form index (form.YYYYMMDD.idx): a few header lines, a dashed rule, then rows of form type,
// company name, CIK, date filed and file name. The live file's header is wrapped over two lines and its labels
// do not line up with the data, so rows are read by their shape after the rule, never by the header's offsets.
import type { SourceItem } from '../types.js';

export const FORM_D_TYPES = new Set(['D', 'D/A']);

export function dailyIndexPath(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `/Archives/edgar/daily-index/${year}/QTR${Math.ceil(month / 3)}/form.${day.replace(/-/g, '')}.idx`;
}

/** 'edgar/data/1234/0001234567-26-000001.txt' → { cik: '1234', accession: '0001234567-26-000001' } */
export function filingFromFileName(fileName: string): { cik: string; accession: string } | null {
  const match = /^edgar\/data\/(\d{1,10})\/(\d{10}-\d{2}-\d{6})\.txt$/.exec(fileName.trim());
  return match ? { cik: match[1]!, accession: match[2]! } : null;
}

export function primaryDocPath(cik: string, accession: string): string {
  return `/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}/primary_doc.xml`;
}

export function filingIndexUrl(baseUrl: string, cik: string, accession: string): string {
  return `${baseUrl}/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}/`;
}

export interface IndexRow {
  formType: string;
  companyName: string;
  cik: string;
  dateFiled: string;
  fileName: string;
}

/** Thrown when a non-empty index yields no rows: EDGAR changed its layout, or this is not an index at all. */
export class UnreadableIndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableIndexError';
  }
}

// …ends with: CIK, the date filed (20261120 or 2026-11-20), the file name (whose path names the CIK again).
const ROW_TAIL = /^(.*?)\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(edgar\/data\/(\d{1,10})\/\S+)\s*$/;

/** One data row by its shape, or null: `1-A POS     Acme Holdings LLC     1234567     20261120    edgar/data/1234567/….txt`. */
export function parseIndexRow(line: string): IndexRow | null {
  const tail = ROW_TAIL.exec(line);
  if (!tail) return null;
  const cik = tail[4]!;
  // The CIK column follows the name, sometimes with no space at all when the name fills its column.
  const head = new RegExp(`^(.*?)0*${Number(cik)}$`).exec(tail[1]!.trimEnd());
  if (!head) return null;
  const front = head[1]!.trimEnd();
  // Form types may hold one space (`1-A POS`, `SC 13D/A`); the form type is padded to its column, so two spaces end it.
  const split = /^(\S+(?: \S+)*?)\s{2,}(\S.*)$/.exec(front) ?? /^(\S+)\s+(\S.*)$/.exec(front);
  if (!split) return null;
  return { formType: split[1]!, companyName: split[2]!.trim(), cik: String(Number(cik)), dateFiled: tail[2]!, fileName: tail[3]! };
}

/**
 * The index's rows. Nothing after the rule (a quiet day) is no rows; lines after the rule of which none reads
 * as a row, or a file with no rule at all, is an UnreadableIndexError, never a quiet "0 filings".
 */
export function parseDailyIndex(text: string): IndexRow[] {
  const lines = text.split(/\r?\n/);
  const ruleAt = lines.findIndex((line) => /^-{20,}\s*$/.test(line));
  if (ruleAt === -1) {
    if (text.trim() === '') throw new UnreadableIndexError('the daily index was served empty');
    throw new UnreadableIndexError('the daily index has no dashed rule before its rows: its layout is not one we can read');
  }
  const body = lines.slice(ruleAt + 1).filter((line) => line.trim() !== '');
  const rows = body.flatMap((line) => parseIndexRow(line) ?? []);
  if (body.length > 0 && rows.length === 0) {
    throw new UnreadableIndexError(`the daily index has ${body.length} lines after its header but none reads as a row: its layout is not one we can read`);
  }
  return rows;
}

/** The day's Form D and D/A filings as source items, new filings before amendments. */
export function formDItems(text: string, day: string): SourceItem[] {
  const items: SourceItem[] = [];
  const seen = new Set<string>();
  for (const row of parseDailyIndex(text)) {
    if (!FORM_D_TYPES.has(row.formType)) continue;
    const filing = filingFromFileName(row.fileName);
    if (!filing || seen.has(filing.accession)) continue;
    seen.add(filing.accession);
    items.push({ id: filing.accession, path: primaryDocPath(filing.cik, filing.accession), kind: row.formType, day });
  }
  return items.sort((a, b) => Number(a.kind === 'D/A') - Number(b.kind === 'D/A'));
}
