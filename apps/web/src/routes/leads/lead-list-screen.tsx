// What /dashboard and /historical share: the lead list's state (filters in the URL, sort, Cards | Table), and the
// screen around it: header with Export CSV, the filters, Save search, the results in all their states, the summary.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useSendableCrms } from '@/features/crm/api';
import { CrmProvider } from '@/features/crm/components/crm-provider';
import { crmLeadExtras } from '@/features/crm/components/crm-lead-extras';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { NewSinceContext } from '@/components/leads/new-since';
import { LEAD_TABLE_DENSITIES, LeadDensityToggle, LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { SearchX } from 'lucide-react';
import { useMe } from '@/features/auth/api';
import { useLeadList, useLeadStats } from '@/features/leads/api';
import { DatabaseSummary } from '@/features/leads/components/database-summary';
import { ExportCsvButton } from '@/features/leads/components/export-csv-button';
import { LeadFiltersBar } from '@/features/leads/components/lead-filters-bar';
import { LeadResults } from '@/features/leads/components/lead-results';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { flattenLeadPages } from '@/lib/leads/lead-pages';
import { hasActiveFilters, type LeadQueryFilter, type LeadViewParams } from '@/lib/leads/view-params';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { storedChoiceKey, useStoredChoice } from '@/lib/leads/stored-choice';
import { useLeadViewMode } from '@/lib/leads/view-mode';

type BuildFilter = (params: LeadViewParams, today: Date) => LeadQueryFilter;

export interface NewSinceOption {
  /** The previous visit (ISO); null on a first visit (nothing is new); undefined while it is being learned. */
  previousVisit: string | null | undefined;
}

/**
 * The list's state, from the URL and the user's view choice. With `newSince` (the dashboard), `new=1` narrows the
 * list on the server to the rounds added after the previous visit, so the rows and the header's count agree; it
 * waits while the previous visit is being learned and means nothing on a first visit.
 */
export function useLeadListScreen(buildFilter: BuildFilter, today: Date, newSince?: NewSinceOption) {
  const view = useLeadView();
  const previousVisit = newSince?.previousVisit;
  const newOnly = newSince !== undefined && view.params.newOnly && previousVisit !== null;
  const filter = useMemo(() => {
    const built = buildFilter(view.params, today);
    return newOnly && typeof previousVisit === 'string' ? { ...built, addedAfter: previousVisit } : built;
  }, [buildFilter, view.params, today, newOnly, previousVisit]);
  const [sort, setSort] = useLeadSort();
  const leads = useLeadList(filter, sort, { enabled: !newOnly || typeof previousVisit === 'string' });
  const me = useMe();
  const userId = me.data?.user.id;
  const [viewMode, setViewMode] = useLeadViewMode('leads', userId, 'cards');
  const [density, setDensity] = useStoredChoice(storedChoiceKey('lead-density', userId), LEAD_TABLE_DENSITIES, 'comfortable');
  const stats = useLeadStats();
  // The export matches what the filter boxes show, even in the moment before the URL catches up.
  const pendingFilter = { ...buildFilter(view.pendingParams, today), ...(filter.addedAfter ? { addedAfter: filter.addedAfter } : {}) };
  const offersNew = typeof previousVisit === 'string';
  return { view, filter, pendingFilter, sort, setSort, leads, userId, viewMode, setViewMode, density, setDensity, stats, offersNew };
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
  const { view, pendingFilter, sort, setSort, leads, viewMode, setViewMode, density, setDensity, stats, offersNew, userId } = state;
  const filtered = hasActiveFilters(view.params, { withDates, withNew: offersNew });
  const crmChoices = useSendableCrms();
  // What the loaded pages hold: the CRM records ("In HubSpot") are asked for these.
  const leadIds = useMemo(() => (leads.data ? flattenLeadPages(leads.data.pages).map((lead) => lead.id) : []), [leads.data]);
  return (
    <CrmProvider leadIds={leadIds}>
      <PageContainer>
        <PageHeader title={title} description={description} actions={<ExportCsvButton filter={pendingFilter} />} />

        <LeadFiltersBar view={view} industries={stats.data?.industries} withDates={withDates} withNew={offersNew} userId={userId} />

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <SaveSearchButton params={view.pendingParams} screen={screen} crmChoices={crmChoices} />
          <div className="flex flex-wrap items-center gap-3">
            {/* The phone list has one density; the switch is for the wide table. */}
            {viewMode === 'table' && <LeadDensityToggle value={density} onChange={setDensity} className="hidden lg:flex" />}
            <LeadViewToggle value={viewMode} onChange={setViewMode} />
          </div>
        </div>

        <section aria-label={label} className="mt-4">
          <NewSinceContext.Provider value={newSince}>
            <LeadResults
              view={viewMode}
              density={density}
              sort={{ current: sort, searching: view.params.q !== '', onChange: setSort }}
              query={leads}
              searchText={view.searchText}
              serverSearch={view.params.q}
              actionLabel={actionLabel}
              errorLayout={errorLayout}
              extras={crmLeadExtras}
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
    </CrmProvider>
  );
}
