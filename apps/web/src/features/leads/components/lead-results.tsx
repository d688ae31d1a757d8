// The lead list in all its states: first-load spinner, error with Retry, empty, and the card grid or the
// table (with row selection) with Load More. Shared by the dashboard and the historical page.
import { CircleAlert, RotateCcw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LeadExtras } from '@/components/leads/lead-extras';
import { LeadSelectionBar } from '@/components/leads/lead-selection-bar';
import { LeadTable, type LeadTableDensity, type LeadTableSort } from '@/components/leads/lead-table';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { useLeadList } from '../api';
import { flattenLeadPages, leadCountText } from '@/lib/leads/lead-pages';
import { filterLeadsBySearch } from '../lead-search';
import { normaliseSearch } from '@/lib/leads/view-params';
import { sortKey } from '@/lib/leads/sort-params';
import { useLeadSelection } from '@/lib/leads/use-lead-selection';
import type { LeadViewMode } from '@/lib/leads/view-mode';
import { ContactsDialog } from './contacts-dialog';
import { LeadCard } from './lead-card';

const countFormatter = new Intl.NumberFormat('en-US');

export interface LeadResultsProps {
  query: ReturnType<typeof useLeadList>;
  /** The search box's text, which may be ahead of the server query while the user types. */
  searchText: string;
  /** The search the server query used. */
  serverSearch: string;
  /** "View Contacts" or "View Details". */
  actionLabel: string;
  /** How the error reads: "Error loading leads: <message>" (dashboard) or a title over the message (historical). */
  errorLayout: 'inline' | 'stacked';
  /** Shown when the server finds no leads for the current filters. */
  empty: ReactNode;
  /** Cards or the table. */
  view: LeadViewMode;
  /** The table's density. */
  density?: LeadTableDensity;
  /** The order the server sorts in, and its change (the table's headers). */
  sort: LeadTableSort;
  /** What the screen adds to each lead and to the selection (Send to CRM, "In HubSpot"). */
  extras?: LeadExtras;
}

export function LeadResults({ query, searchText, serverSearch, actionLabel, errorLayout, empty, view, density = 'comfortable', sort, extras }: LeadResultsProps) {
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    query;
  const selection = useLeadSelection();

  if (isPending) return <PageSpinner label="Loading leads…" />;
  if (isError && !data) {
    return <LeadsError layout={errorLayout} message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  const loaded = flattenLeadPages(data.pages);
  // Another order is on its way: the rows shown are the previous order's, left in place (and dimmed).
  const sorting = isPlaceholderData && data.pages[0]?.sortKey !== sortKey(sort.current);
  // While a new search is typed or on its way, narrow what is loaded at once; once the server has
  // answered for this text, its result is already the match.
  const searching = (isPlaceholderData && !sorting) || normaliseSearch(searchText) !== serverSearch;
  const leads = searching ? filterLeadsBySearch(loaded, searchText) : loaded;
  const lastPage = data.pages.at(-1);
  const totalCount = lastPage?.totalCount ?? loaded.length;
  const countIsExact = lastPage?.countIsExact ?? true;
  const countIsLowerBound = lastPage?.countIsLowerBound ?? false;

  if (leads.length === 0) {
    return searching ? <PageSpinner label="Searching all leads…" /> : empty;
  }

  return (
    <div>
      <div aria-live="polite" className="mb-4 flex min-h-6 items-center text-sm text-muted-foreground">
        {searching || sorting ? (
          <Spinner label={searching ? 'Searching all leads…' : 'Sorting all leads…'} showLabel className="[&_svg]:size-4" />
        ) : (
          <p data-testid="lead-count" className="tabular-nums">
            Showing {countFormatter.format(leads.length)} of {leadCountText(totalCount, countIsExact, countIsLowerBound)}
          </p>
        )}
      </div>

      {view === 'table' ? (
        <>
          <LeadTable
            leads={leads}
            label="Leads"
            selection={selection}
            sort={sort}
            busy={sorting}
            density={density}
            rowStatus={extras?.status}
            actionsClassName={extras?.actions ? 'w-24' : undefined}
            rowActions={(lead) => (
              <>
                <ContactsDialog
                  lead={lead}
                  trigger={
                    <Button variant="ghost" size="icon" className={density === 'compact' ? 'size-7' : 'size-8'} aria-label={`${actionLabel} for ${lead.companyName}`}>
                      <Users aria-hidden="true" />
                    </Button>
                  }
                />
                {extras?.actions?.(lead, 'row')}
              </>
            )}
          />
          <LeadSelectionBar leads={leads} selection={selection} actions={extras?.selectionActions} />
        </>
      ) : (
        <ul aria-label="Leads" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} actionLabel={actionLabel} status={extras?.status?.(lead)} actions={extras?.actions?.(lead, 'card')} />
            </li>
          ))}
        </ul>
      )}

      {isError && (
        <LeadsError
          className="mt-8"
          layout={errorLayout}
          message={error.message}
          onRetry={() => void (isFetchNextPageError ? fetchNextPage() : refetch())}
          retrying={isFetching}
        />
      )}

      {hasNextPage && !searching && !sorting && !isError && (
        <div className="mt-8 flex justify-center">
          <Button
            data-testid="load-more"
            variant="outline"
            className="w-full sm:w-auto sm:min-w-40"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage || undefined}
          >
            {isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </div>
  );
}

interface LeadsErrorProps {
  layout: 'inline' | 'stacked';
  message: string;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}

/** docs/product/SPEC.md section 8: "Error loading leads" and the message, with a Retry button. */
function LeadsError({ layout, message, onRetry, retrying, className }: LeadsErrorProps) {
  return (
    <div
      role="alert"
      data-testid="leads-error"
      className={cn('flex flex-col items-center rounded-lg border border-red-200 bg-red-50/60 px-6 py-10 text-center', className)}
    >
      <CircleAlert aria-hidden="true" className="mb-3 size-8 text-destructive" />
      {layout === 'inline' ? (
        <p className="max-w-md text-base font-semibold break-words">
          Error loading leads: <span className="font-normal text-muted-foreground">{message}</span>
        </p>
      ) : (
        <>
          <h2 className="text-base font-semibold">Error loading leads</h2>
          <p className="mt-1 max-w-md text-sm text-muted-foreground break-words">{message}</p>
        </>
      )}
      <Button variant="outline" className="mt-4" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" />
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
