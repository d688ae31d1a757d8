// /dashboard: Recent Leads, the last 7 days (docs/product/SPEC.md section 2). Search and industry live in the URL.
import { History, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
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
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { useToday } from '@/features/leads/hooks/use-today';
import { hasActiveFilters, recentLeadFilter } from '@/lib/leads/view-params';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { useLeadViewMode } from '@/lib/leads/view-mode';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardRoute() {
  useDocumentTitle('Recent Leads');
  const today = useToday();
  const view = useLeadView();
  const { q, industry } = view.params;
  const filter = useMemo(() => recentLeadFilter({ q, industry }, today), [q, industry, today]);
  const [sort, setSort] = useLeadSort();
  const leads = useLeadList(filter, sort);
  const me = useMe();
  const [viewMode, setViewMode] = useLeadViewMode('leads', me.data?.user.id, 'cards');
  const stats = useLeadStats();
  const filtered = hasActiveFilters(view.params, { withRange: false });

  return (
    <PageContainer>
      <PageHeader
        title="Recent Leads"
        description="Last 7 days"
        // The export matches what the search box shows, even in the moment before the URL catches up.
        actions={<ExportCsvButton filter={recentLeadFilter({ q: view.searchText, industry }, today)} />}
      />

      <LeadFiltersBar
        searchText={view.searchText}
        onSearchTextChange={view.setSearchText}
        industry={industry}
        onIndustryChange={view.setIndustry}
        industries={stats.data?.industries}
      />

      <div className="mt-6 flex justify-end">
        <LeadViewToggle value={viewMode} onChange={setViewMode} />
      </div>

      <section aria-label="Recent leads" className="mt-4">
        <LeadResults
          view={viewMode}
          sort={{ current: sort, searching: view.params.q !== '', onChange: setSort }}
          query={leads}
          searchText={view.searchText}
          serverSearch={q}
          actionLabel="View Contacts"
          errorLayout="inline"
          empty={
            filtered ? (
              <EmptyState
                icon={<SearchX />}
                title="No leads match these filters"
                description="No company funded in the last 7 days matches this search or industry. Try other words, or clear the filters."
                action={<Button onClick={view.clearFilters}>Clear filters</Button>}
              />
            ) : (
              <EmptyState
                title="No new leads in the last 7 days"
                description="New funding rounds appear here as they are announced. Meanwhile, the archive has every earlier round."
                action={
                  <Button asChild>
                    <Link to={paths.historical}>
                      <History aria-hidden="true" />
                      Browse historical leads
                    </Link>
                  </Button>
                }
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
