// /searches: the subscriber's saved searches (issue 16), their new matches, alerts and webhook deliveries.
import { MAX_SAVED_SEARCHES } from '@fundwire/shared';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useSavedSearches } from '@/features/saved-searches/api';
import { SavedSearchCard } from '@/features/saved-searches/components/saved-search-card';
import { useToday } from '@/features/leads/hooks/use-today';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SearchesRoute() {
  useDocumentTitle('Saved Searches');
  const today = useToday();
  const searches = useSavedSearches();

  return (
    <PageContainer>
      <PageHeader title="Saved Searches" description={`Filters you keep, with alerts on new matching rounds. Up to ${MAX_SAVED_SEARCHES}.`} />
      {searches.isPending ? (
        <PageSpinner label="Loading your saved searches…" />
      ) : searches.isError ? (
        <ErrorState message={searches.error.message} onRetry={() => void searches.refetch()} retrying={searches.isFetching} />
      ) : searches.data.length === 0 ? (
        <EmptyState
          title="No saved searches yet"
          description="Set the filters you care about on Recent or Historical Leads, then choose Save search. New matching rounds show here, and can reach you by email, Slack or webhook."
          action={
            <Button asChild>
              <Link to={paths.dashboard}>
                <LayoutDashboard aria-hidden="true" />
                Go to Recent Leads
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4" aria-label="Saved searches">
          {searches.data.map((search) => (
            <li key={search.id}>
              <SavedSearchCard search={search} today={today} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
