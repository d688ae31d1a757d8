// /dashboard: Recent Leads, the last 7 days (docs/product/SPEC.md section 2). Search and every filter but the date live in the URL.
import { format } from 'date-fns';
import { History, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { NewSinceContext } from '@/components/leads/new-since';
import { LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { useMe } from '@/features/auth/api';
import { useLeadList, useLeadStats, useNewLeadCount } from '@/features/leads/api';
import { useDashboardVisit } from '@/features/leads/hooks/use-dashboard-visit';
import { DatabaseSummary } from '@/features/leads/components/database-summary';
import { ExportCsvButton } from '@/features/leads/components/export-csv-button';
import { LeadFiltersBar } from '@/features/leads/components/lead-filters-bar';
import { LeadResults } from '@/features/leads/components/lead-results';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { useToday } from '@/features/leads/hooks/use-today';
import { hasActiveFilters, recentLeadFilter } from '@/lib/leads/view-params';
import { pluralize } from '@/lib/format';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { useLeadViewMode } from '@/lib/leads/view-mode';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardRoute() {
  useDocumentTitle('Recent Leads');
  const today = useToday();
  const view = useLeadView();
  const { q } = view.params;
  const filter = useMemo(() => recentLeadFilter(view.params, today), [view.params, today]);
  const [sort, setSort] = useLeadSort();
  const leads = useLeadList(filter, sort);
  const stats = useLeadStats();
  const filtered = hasActiveFilters(view.params, { withDates: false });
  // Rounds added since the previous visit are marked, and counted in the header.
  const me = useMe();
  const [viewMode, setViewMode] = useLeadViewMode('leads', me.data?.user.id, 'cards');
  const previousVisit = useDashboardVisit(me.data?.user.id);
  const newCount = useNewLeadCount(filter, previousVisit);

  return (
    <PageContainer>
      <PageHeader
        title="Recent Leads"
        description={
          <>
            Last 7 days
            {previousVisit && newCount.data && (
              <span data-testid="new-since-count" className="ml-2 inline-flex items-center gap-1.5 font-medium text-foreground">
                <span aria-hidden="true">·</span>
                {newCount.data.count === 0
                  ? 'Nothing new since your last visit'
                  : `${newCount.data.exact ? '' : 'about '}${pluralize(newCount.data.count, 'new round')} since your last visit`}
                <span className="sr-only">, </span>
                <time dateTime={previousVisit} className="font-normal text-muted-foreground">
                  ({format(new Date(previousVisit), 'MMM d, h:mm a')})
                </time>
              </span>
            )}
          </>
        }
        // The export matches what the filter boxes show, even in the moment before the URL catches up.
        actions={<ExportCsvButton filter={recentLeadFilter(view.pendingParams, today)} />}
      />

      <LeadFiltersBar view={view} industries={stats.data?.industries} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <SaveSearchButton params={view.pendingParams} screen="dashboard" />
        <LeadViewToggle value={viewMode} onChange={setViewMode} />
      </div>

      <section aria-label="Recent leads" className="mt-4">
        <NewSinceContext.Provider value={previousVisit ?? null}>
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
        </NewSinceContext.Provider>
      </section>

      <div className="mt-12">
        <DatabaseSummary />
      </div>
    </PageContainer>
  );
}
