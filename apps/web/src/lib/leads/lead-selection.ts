// What the table's selected rows turn into: a CSV in the server export's format (one line per contact) and
// tab-separated contact lines for pasting into a spreadsheet or a CRM.
import { CSV_HEADER_LINE, csvFileName, leadCsvLines, type CsvLead } from '@fundwire/shared';

/** The selected leads as the server's export would write them, header first. */
export function selectedLeadsCsv(leads: readonly CsvLead[]): string {
  return CSV_HEADER_LINE + leads.map(leadCsvLines).join('');
}

/** The export's file name, the same as the server's. */
export function selectedLeadsFileName(date: Date = new Date()): string {
  return csvFileName(date);
}

type ClipboardLead = Pick<CsvLead, 'companyName' | 'contacts'>;

// A tab or line break inside a value would split its cell or its line when pasted.
function cell(value: string | null): string {
  return (value ?? '').replace(/[\t\r\n]+/g, ' ').trim();
}

/** One line per contact: name, role, email, LinkedIn and company, separated by tabs. Leads without contacts add nothing.
 * A bounced address (an admin sees it) is left out, as in the export. */
export function contactsClipboardText(leads: readonly ClipboardLead[]): string {
  return leads
    .flatMap((lead) =>
      lead.contacts.map((contact) =>
        [contact.name, contact.role, contact.emailStatus === 'bounced' ? '' : contact.email, contact.linkedIn, lead.companyName].map(cell).join('\t'),
      ),
    )
    .join('\n');
}

/** How many contacts the selected leads have between them. */
export function contactCount(leads: readonly ClipboardLead[]): number {
  return leads.reduce((total, lead) => total + lead.contacts.length, 0);
}

/** Saves text as a file through a temporary object URL (the browser's own download). */
export function downloadTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
