// What /dashboard and /historical share: the lead list's state (filters in the URL, sort, Cards | Table), and the
// screen around it: header with Export CSV, the filters, Save search, the results in all their states, the summary.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { NewSinceContext } from '@/components/leads/new-since';
import { LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { SearchX } from 'lucide-react';
import { useMe } from '@/features/auth/api';
import { useLeadList, useLeadStats } from '@/features/leads/api';
import { DatabaseSummary } from '@/features/leads/components/database-summary';
import { ExportCsvButton } from '@/features/leads/components/export-csv-button';
import { LeadFiltersBar } from '@/features/leads/components/lead-filters-bar';
import { LeadResults } from '@/features/leads/components/lead-results';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { hasActiveFilters, type LeadQueryFilter, type LeadViewParams } from '@/lib/leads/view-params';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { useLeadViewMode } from '@/lib/leads/view-mode';

type BuildFilter = (params: LeadViewParams, today: Date) => LeadQueryFilter;

/** The list's state, from the URL and the user's view choice. */
export function useLeadListScreen(buildFilter: BuildFilter, today: Date) {
  const view = useLeadView();
  const filter = useMemo(() => buildFilter(view.params, today), [buildFilter, view.params, today]);
  const [sort, setSort] = useLeadSort();
  const leads = useLeadList(filter, sort);
  const me = useMe();
  const [viewMode, setViewMode] = useLeadViewMode('leads', me.data?.user.id, 'cards');
  const stats = useLeadStats();
  // The export matches what the filter boxes show, even in the moment before the URL catches up.
  const pendingFilter = buildFilter(view.pendingParams, today);
  return { view, filter, pendingFilter, sort, setSort, leads, userId: me.data?.user.id, viewMode, setViewMode, stats };
}

export interface LeadListScreenProps {
  state: ReturnType<typeof useLeadListScreen>;
  screen: 'dashboard' | 'historical';
  title: string;
  description: ReactNode;
  /** The list's landmark name, e.g. "Recent leads". */
  label: string;
  /** The historical page filters by date; the dashboard is always the last 7 days. */
  withDates: boolean;
  /** "View Contacts" or "View Details". */
  actionLabel: string;
  errorLayout: 'inline' | 'stacked';
  /** Why nothing matches the filters, in this screen's words. */
  noMatchDescription: string;
  /** Shown when nothing is there at all (no filter set). */
  emptyState: ReactNode;
  /** Rounds added after this moment (ISO) are marked new; null marks none. */
  newSince?: string | null;
}

export function LeadListScreen({ state, screen, title, description, label, withDates, actionLabel, errorLayout, noMatchDescription, emptyState, newSince = null }: LeadListScreenProps) {
  const { view, pendingFilter, sort, setSort, leads, viewMode, setViewMode, stats } = state;
  const filtered = hasActiveFilters(view.params, { withDates });
  return (
    <PageContainer>
      <PageHeader title={title} description={description} actions={<ExportCsvButton filter={pendingFilter} />} />

      <LeadFiltersBar view={view} industries={stats.data?.industries} withDates={withDates} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <SaveSearchButton params={view.pendingParams} screen={screen} />
        <LeadViewToggle value={viewMode} onChange={setViewMode} />
      </div>

      <section aria-label={label} className="mt-4">
        <NewSinceContext.Provider value={newSince}>
          <LeadResults
            view={viewMode}
            sort={{ current: sort, searching: view.params.q !== '', onChange: setSort }}
            query={leads}
            searchText={view.searchText}
            serverSearch={view.params.q}
            actionLabel={actionLabel}
            errorLayout={errorLayout}
            empty={
              filtered ? (
                <EmptyState
                  icon={<SearchX />}
                  title="No leads match these filters"
                  description={noMatchDescription}
                  action={<Button onClick={view.clearFilters}>Clear filters</Button>}
                />
              ) : (
                emptyState
              )
            }
          />
        </NewSinceContext.Provider>
      </section>

      <div className="mt-12">
        <DatabaseSummary />
      </div>
    </PageContainer>
  );
}
