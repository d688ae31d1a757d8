// What a screen adds to the lead pieces without them knowing its feature (e.g. Send to HubSpot and "In HubSpot"):
// a status beside a lead's name, a lead's own buttons, and buttons for a table selection.
import type { ReactNode } from 'react';

/** The least a lead must carry for them: its id and its company's name (for labels). */
export interface ExtraLead {
  id: string;
  companyName: string;
}

export interface LeadExtras {
  /** Beside the company's name on a card or row. */
  status?: (lead: ExtraLead) => ReactNode;
  /** A lead's own buttons: on its card, or in its table row (small, icon-sized). */
  actions?: (lead: ExtraLead, place: 'card' | 'row') => ReactNode;
  /** More buttons for the selected rows, in the selection bar. */
  selectionActions?: (selected: readonly ExtraLead[]) => ReactNode;
}
