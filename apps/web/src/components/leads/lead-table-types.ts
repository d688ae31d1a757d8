// The shapes the lead table's files share: what a row needs from a lead, the density, the server-side sort, and what
// the wide table and the phone list are each given.
import type { Lead } from '@fundwire/shared';
import type { ReactNode } from 'react';
import type { LeadSortParams } from '@/lib/leads/sort-params';
import type { LeadSelection } from '@/lib/leads/use-lead-selection';

export type TableLead = Pick<
  Lead,
  'id' | 'companyName' | 'domain' | 'domainSource' | 'companyId' | 'fundingRound' | 'roundLabel' | 'fundingAmount' | 'fundingDate' | 'location' | 'industry' | 'contacts'
> &
  Partial<Pick<Lead, 'filedLocation'>> &
  Partial<Pick<Lead, 'createdAt'>>;

/** Comfortable: two lines per row (domain, contact's role). Compact: one line per row, for more rows on screen. */
export type LeadTableDensity = 'comfortable' | 'compact';

export interface LeadTableSort {
  current: LeadSortParams;
  /** A search is on: the default order is relevance, not date. */
  searching: boolean;
  onChange: (next: LeadSortParams) => void;
}

/** What the wide table and the phone list each render from: the table's props, settled. */
export interface LeadRowsView<T extends TableLead> {
  leads: readonly T[];
  label: string;
  selection: LeadSelection;
  sort: LeadTableSort | undefined;
  rowActions: ((lead: T) => ReactNode) | undefined;
  actionsClassName: string;
  rowStatus: ((lead: T) => ReactNode) | undefined;
  linkCompanies: boolean;
  /** One line per row (never in a company's history). */
  compact: boolean;
  companyHistory: boolean;
  /** Added since the user's previous visit: the row carries a New badge. */
  isNew: (lead: T) => boolean;
}
