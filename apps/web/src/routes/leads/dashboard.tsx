// /dashboard: Recent Leads, the last 7 days (docs/product/SPEC.md section 2). Search and every filter but the date live in the URL.
import { History, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { useLeadList, useLeadStats } from '@/features/leads/api';
import { DatabaseSummary } from '@/features/leads/components/database-summary';
import { ExportCsvButton } from '@/features/leads/components/export-csv-button';
import { LeadFiltersBar } from '@/features/leads/components/lead-filters-bar';
import { LeadResults } from '@/features/leads/components/lead-results';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { useToday } from '@/features/leads/hooks/use-today';
import { hasActiveFilters, recentLeadFilter } from '@/lib/leads/view-params';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardRoute() {
  useDocumentTitle('Recent Leads');
  const today = useToday();
  const view = useLeadView();
  const { q } = view.params;
  const filter = useMemo(() => recentLeadFilter(view.params, today), [view.params, today]);
  const leads = useLeadList(filter);
  const stats = useLeadStats();
  const filtered = hasActiveFilters(view.params, { withDates: false });

  return (
    <PageContainer>
      <PageHeader
        title="Recent Leads"
        description="Last 7 days"
        // The export matches what the filter boxes show, even in the moment before the URL catches up.
        actions={<ExportCsvButton filter={recentLeadFilter(view.pendingParams, today)} />}
      />

      <LeadFiltersBar view={view} industries={stats.data?.industries} />

      <section aria-label="Recent leads" className="mt-6">
        <LeadResults
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
                description="No company funded in the last 7 days matches these filters. Try other words, fewer filters, or clear them."
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
