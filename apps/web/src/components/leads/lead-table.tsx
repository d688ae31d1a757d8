// Leads as a table (subscribers' screens, company pages, the admin list): company with domain, round, amount,
// date, location, industry and contacts, one row each, with row selection and, where the server sorts, sortable
// date, amount and round headers. Below the lg breakpoint the same rows become a compact list, two lines per round.
// Rounds added since the user's previous visit (NewSinceContext) carry a New badge; a compact density fits one line
// per row; a company page shows its round history without the company column and without clipping.
// The wide table, the phone list, their cells, sorting and selection each have their own lead-table-*.tsx file.
import type { ReactNode } from 'react';
import { isNewSince, useNewSince } from '@/components/leads/new-since';
import type { LeadSelection } from '@/lib/leads/use-lead-selection';
import { LeadTableList } from './lead-table-list';
import type { LeadTableDensity, LeadTableSort, TableLead } from './lead-table-types';
import { LeadTableWide } from './lead-table-wide';

export type { LeadTableDensity, LeadTableSort, TableLead } from './lead-table-types';

export interface LeadTableProps<T extends TableLead> {
  leads: readonly T[];
  /** Names the table and the phone list, e.g. "Leads". */
  label: string;
  selection: LeadSelection;
  /** Server-side sorting; without it the headers are plain. */
  sort?: LeadTableSort;
  /** A new page or order is loading: the rows shown are the previous ones. */
  busy?: boolean;
  /** Per-row buttons (contacts, edit, delete), in a last column. */
  rowActions?: (lead: T) => ReactNode;
  /** The actions column's width class, for rows with more buttons (default w-20). */
  actionsClassName?: string;
  /** Beside the company's name (or under the round, in a company's history), e.g. "In HubSpot". */
  rowStatus?: (lead: T) => ReactNode;
  /** Link company names to their company page (not on the company page itself). */
  linkCompanies?: boolean;
  density?: LeadTableDensity;
  /** One company's round history: no company column (it would repeat on every row), and nothing clipped. */
  companyHistory?: boolean;
}

export function LeadTable<T extends TableLead>({
  leads,
  label,
  selection,
  sort,
  busy = false,
  rowActions,
  actionsClassName = 'w-20',
  rowStatus,
  linkCompanies = true,
  density = 'comfortable',
  companyHistory = false,
}: LeadTableProps<T>) {
  const newSince = useNewSince();
  const isNew = (lead: T) => lead.createdAt !== undefined && isNewSince({ createdAt: lead.createdAt }, newSince);
  const compact = density === 'compact' && !companyHistory;
  const view = { leads, label, selection, sort, rowActions, actionsClassName, rowStatus, linkCompanies, compact, companyHistory, isNew };

  return (
    <div data-testid="lead-table-view" data-density={compact ? 'compact' : 'comfortable'} aria-busy={busy || undefined} className="min-w-0 transition-opacity aria-busy:opacity-60">
      {/* Wide screens: the table. */}
      <LeadTableWide {...view} />
      {/* Phones and tablets: a compact list, two lines per round. */}
      <LeadTableList {...view} />
    </div>
  );
}
