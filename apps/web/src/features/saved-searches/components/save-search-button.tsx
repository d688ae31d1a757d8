// "Save search" by the lead filters: saves what the screen shows now.
import type { Crm } from '@fundwire/shared';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { LeadViewParams } from '@/lib/leads/view-params';
import { savedFilterFromView } from '../saved-filter';
import { SavedSearchDialog } from './saved-search-dialog';

export interface SaveSearchButtonProps {
  params: LeadViewParams;
  screen: 'dashboard' | 'historical';
  /** The connected CRMs new matches may be sent to. */
  crmChoices?: readonly Crm[];
}

export function SaveSearchButton({ params, screen, crmChoices }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        Save search
      </Button>
      {/* Mounted when open, so the dialog starts from the filters of that moment. */}
      {open && <SavedSearchDialog open={open} onOpenChange={setOpen} filter={savedFilterFromView(params, screen)} crmChoices={crmChoices} />}
    </>
  );
}
