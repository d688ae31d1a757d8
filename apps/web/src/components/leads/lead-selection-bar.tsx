// The bar under a lead table while rows are selected: "N selected — Export CSV · Copy contacts · Clear", plus
// any screen's own actions (the admin's Delete selected). It sticks to the bottom of the screen while the table scrolls.
import type { CsvLead } from '@fundwire/shared';
import { ClipboardCopy, Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { contactCount, contactsClipboardText, downloadTextFile, selectedLeadsCsv, selectedLeadsFileName } from '@/lib/leads/lead-selection';
import { selectedOf, type LeadSelection } from '@/lib/leads/use-lead-selection';

const countFormatter = new Intl.NumberFormat('en-US');

export interface LeadSelectionBarProps<T extends CsvLead & { id: string }> {
  /** The leads on screen; only the selected ones among them count. */
  leads: readonly T[];
  selection: LeadSelection;
  /** More buttons for the selected leads, after the shared ones. */
  actions?: (selected: readonly T[]) => ReactNode;
}

export function LeadSelectionBar<T extends CsvLead & { id: string }>({ leads, selection, actions }: LeadSelectionBarProps<T>) {
  const selected = selectedOf(leads, selection.ids);
  if (selected.length === 0) return null;

  const exportCsv = () => {
    downloadTextFile(selectedLeadsCsv(selected), selectedLeadsFileName());
  };

  const copyContacts = async () => {
    const count = contactCount(selected);
    if (count === 0) {
      toast.error('The selected leads have no contacts to copy.');
      return;
    }
    try {
      await navigator.clipboard.writeText(contactsClipboardText(selected));
      toast.success(`Copied ${countFormatter.format(count)} ${count === 1 ? 'contact' : 'contacts'} to the clipboard.`);
    } catch {
      toast.error('Could not copy to the clipboard. Your browser may not allow it here.');
    }
  };

  return (
    <div
      role="region"
      aria-label="Selected leads"
      data-testid="selection-bar"
      className="sticky bottom-3 z-20 mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-background/95 px-3 py-2 shadow-lg backdrop-blur"
    >
      <p data-testid="selection-count" aria-live="polite" className="text-sm font-medium tabular-nums max-sm:flex-1">
        {countFormatter.format(selected.length)} selected
      </p>
      {/* On a phone the count and Clear share the first line and the actions take the second. */}
      <div className="flex flex-wrap items-center gap-2 max-sm:order-last max-sm:w-full">
        <Button size="sm" variant="outline" onClick={exportCsv}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copyContacts()}>
          <ClipboardCopy aria-hidden="true" />
          Copy contacts
        </Button>
        {actions?.(selected)}
      </div>
      <Button size="sm" variant="ghost" onClick={selection.clear}>
        <X aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}
