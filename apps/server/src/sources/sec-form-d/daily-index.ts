// EDGAR's daily form index (form.YYYYMMDD.idx): a few header lines, a dashed rule, then fixed-width
// rows of form type, company name, CIK, date filed and file name. Columns are found from the header
// line, since their widths are EDGAR's, not ours.
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

export function parseDailyIndex(text: string): IndexRow[] {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => /^Form Type\s+Company Name\s+CIK\s+Date Filed\s+File Name/.test(line));
  if (headerAt === -1) return [];
  const header = lines[headerAt]!;
  const nameAt = header.indexOf('Company Name');
  const cikAt = header.indexOf('CIK');
  const rows: IndexRow[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (!line.trim() || /^-+$/.test(line.trim())) continue;
    // The tail (CIK, date, file name) is read by whitespace: a long company name may push it right.
    const tail = /\s(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(edgar\/\S+)\s*$/.exec(line);
    if (!tail) continue;
    const formType = line.slice(0, nameAt).trim();
    const companyName = line.slice(nameAt, Math.max(nameAt, Math.min(cikAt, tail.index + 1))).trim();
    rows.push({ formType, companyName, cik: tail[1]!, dateFiled: tail[2]!, fileName: tail[3]! });
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
