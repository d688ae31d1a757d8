// The admin lead list in all its states: first load, error with Retry, empty (with or without a
// search), and one page of cards or of table rows (selectable, for bulk actions) with Previous / Next.
import { ADMIN_LEADS_PAGE_SIZE, type Lead } from '@fundwire/shared';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { LeadSelectionBar } from '@/components/leads/lead-selection-bar';
import { LeadTable, type LeadTableSort } from '@/components/leads/lead-table';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { useAdminLeadPage } from '../api';
import { leadCountText } from '@/lib/leads/lead-pages';
import type { LeadSelection } from '@/lib/leads/use-lead-selection';
import type { LeadViewMode } from '@/lib/leads/view-mode';
import { pageCountFor } from '../paging';
import { AdminLeadActions } from './admin-lead-actions';
import { AdminLeadCard } from './admin-lead-card';

const countFormatter = new Intl.NumberFormat('en-US');

export interface AdminLeadResultsProps {
  query: ReturnType<typeof useAdminLeadPage>;
  page: number;
  onPageChange: (page: number) => void;
  /** The search the shown page answers ('' for none). */
  search: string;
  /** The search box is ahead of the shown page: a new search is on its way. */
  searchPending: boolean;
  onClearSearch: () => void;
  /** Buttons offered when there are no leads at all (add, upload, import). */
  emptyActions: ReactNode;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
  /** Asks to split a lead that several sources report (offered only on those). */
  onSplit: (lead: Lead) => void;
  /** The lead being deleted, if any; every card's buttons wait meanwhile. */
  deletingId: string | null;
  view: LeadViewMode;
  sort: LeadTableSort;
  /** The table's selected rows (only those on this page count). */
  selection: LeadSelection;
  /** The selection bar's admin actions (Delete selected). */
  selectionActions: ReactNode;
}

export function AdminLeadResults({
  query,
  page,
  onPageChange,
  search,
  searchPending,
  onClearSearch,
  emptyActions,
  onEdit,
  onDelete,
  onSplit,
  deletingId,
  view,
  sort,
  selection,
  selectionActions,
}: AdminLeadResultsProps) {
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = query;

  if (isPending) return <PageSpinner label="Loading leads…" />;
  if (isError && !data) {
    return <ErrorState title="Error loading leads" message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  const pageCount = pageCountFor(data.totalCount);
  // Another page or search is loading; the last one stays on screen, dimmed, until it arrives.
  const loading = searchPending || (isPlaceholderData && isFetching);

  if (data.leads.length === 0 && !loading) {
    if (page > 1) {
      // Leads on this page were deleted meanwhile; the screen moves to the new last page when it can.
      return <EmptyState title="No leads on this page" description="They may have just been deleted." action={<Button onClick={() => onPageChange(1)}>Go to page 1</Button>} />;
    }
    if (search) {
      return (
        <EmptyState
          icon={<SearchX />}
          title={`No leads match “${search}”`}
          description="Search looks in company names, domains and descriptions. Try fewer or other words."
          action={<Button onClick={onClearSearch}>Clear search</Button>}
        />
      );
    }
    return (
      <EmptyState
        title="No leads yet"
        description="Add a lead by hand, paste a batch of them as JSON, or import a funding-rounds CSV."
        action={<div className="flex flex-wrap justify-center gap-2">{emptyActions}</div>}
      />
    );
  }

  // A lead's buttons, on its card or in its row; while one lead is being deleted, the others' buttons wait.
  const actionsFor = (lead: Lead) => ({
    lead,
    onEdit,
    onDelete,
    onSplit,
    deleting: deletingId === lead.id,
    disabled: deletingId !== null && deletingId !== lead.id,
  });

  const first = (page - 1) * ADMIN_LEADS_PAGE_SIZE + 1;
  const last = first + data.leads.length - 1;

  return (
    <div className="grid gap-6">
      <div aria-live="polite" className="flex min-h-6 items-center text-sm text-muted-foreground">
        {loading ? (
          <Spinner label={searchPending ? 'Searching all leads…' : 'Loading leads…'} showLabel className="[&_svg]:size-4" />
        ) : (
          <p data-testid="admin-lead-count" className="tabular-nums">
            Showing {countFormatter.format(first)}–{countFormatter.format(last)} of {leadCountText(data.totalCount, data.countIsExact, data.countIsLowerBound)}
            {search && ` matching “${search}”`}
          </p>
        )}
      </div>

      {isError && (
        <ErrorState title="Error loading leads" message={error.message} onRetry={() => void refetch()} retrying={isFetching} className="py-6" />
      )}

      {view === 'table' ? (
        // min-w-0: a grid item would otherwise grow to its rows' untruncated width on a phone.
        <div className="min-w-0">
          <LeadTable
            leads={data.leads}
            label="Leads"
            selection={selection}
            sort={sort}
            busy={loading}
            rowActions={(lead) => <AdminLeadActions {...actionsFor(lead)} size="row" />}
          />
          <LeadSelectionBar leads={data.leads} selection={selection} actions={() => selectionActions} />
        </div>
      ) : (
        <ul
          aria-label="Leads"
          aria-busy={loading || undefined}
          className="grid grid-cols-1 gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3"
        >
          {data.leads.map((lead) => (
            <li key={lead.id}>
              <AdminLeadCard {...actionsFor(lead)} />
            </li>
          ))}
        </ul>
      )}

      {pageCount > 1 && <Pager label="Lead pages" page={page} pageCount={pageCount} onPageChange={onPageChange} busy={loading} />}
    </div>
  );
}
