// /historical: the whole archive, with search and every filter, date range included, in the URL (docs/product/SPEC.md section 2).
import { SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { useMe } from '@/features/auth/api';
import { useLeadList, useLeadStats } from '@/features/leads/api';
import { DatabaseSummary } from '@/features/leads/components/database-summary';
import { ExportCsvButton } from '@/features/leads/components/export-csv-button';
import { LeadFiltersBar } from '@/features/leads/components/lead-filters-bar';
import { LeadResults } from '@/features/leads/components/lead-results';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { useSavedSearchLink } from '@/features/saved-searches/hooks/use-saved-search-link';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { useToday } from '@/features/leads/hooks/use-today';
import { hasActiveFilters, historicalLeadFilter } from '@/lib/leads/view-params';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { useLeadViewMode } from '@/lib/leads/view-mode';
import { useDocumentTitle } from '@/lib/use-document-title';

export function HistoricalRoute() {
  useDocumentTitle('Historical Leads');
  const today = useToday();
  // An alert mail's link: marks its search viewed and reads its rolling window.
  useSavedSearchLink(today);
  const view = useLeadView();
  const { q } = view.params;
  const filter = useMemo(() => historicalLeadFilter(view.params, today), [view.params, today]);
  const [sort, setSort] = useLeadSort();
  const leads = useLeadList(filter, sort);
  const me = useMe();
  const [viewMode, setViewMode] = useLeadViewMode('leads', me.data?.user.id, 'cards');
  const stats = useLeadStats();
  const filtered = hasActiveFilters(view.params, { withDates: true });

  return (
    <PageContainer>
      <PageHeader
        title="Historical Leads"
        description="Every funding round in the archive. Search, filter and export it."
        // The export matches what the filter boxes show, even in the moment before the URL catches up.
        actions={<ExportCsvButton filter={historicalLeadFilter(view.pendingParams, today)} />}
      />

      <LeadFiltersBar view={view} industries={stats.data?.industries} withDates />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <SaveSearchButton params={view.pendingParams} screen="historical" />
        <LeadViewToggle value={viewMode} onChange={setViewMode} />
      </div>

      <section aria-label="Historical leads" className="mt-4">
        <LeadResults
          view={viewMode}
          sort={{ current: sort, searching: view.params.q !== '', onChange: setSort }}
          query={leads}
          searchText={view.searchText}
          serverSearch={q}
          actionLabel="View Details"
          errorLayout="stacked"
          empty={
            filtered ? (
              <EmptyState
                icon={<SearchX />}
                title="No leads match these filters"
                description="Nothing in the archive matches these filters. Try other words, a longer date range, fewer filters, or clear them."
                action={<Button onClick={view.clearFilters}>Clear filters</Button>}
              />
            ) : (
              <EmptyState
                title="No leads in the archive yet"
                description="Funding rounds appear here as they are added. Check back soon, or watch your weekly email."
              />
            )
          }
        />
      </section>

      <div className="mt-12">
        <DatabaseSummary />
      </div>
    </PageContainer>
  );
}
