// /searches: the subscriber's saved searches (issue 16), their new matches, alerts and webhook deliveries. Without
// an active subscription the searches are paused (no alerts go out), and the screen says so instead of listing them.
import { MAX_SAVED_SEARCHES } from '@fundwire/shared';
import { LayoutDashboard, PauseCircle } from 'lucide-react';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { canViewLeads } from '@/features/auth/access';
import { useMe } from '@/features/auth/api';
import { useSendableCrms } from '@/features/crm/api';
import { useSavedSearches } from '@/features/saved-searches/api';
import { SavedSearchCard } from '@/features/saved-searches/components/saved-search-card';
import { useToday } from '@/features/leads/hooks/use-today';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SearchesRoute() {
  useDocumentTitle('Saved Searches');
  const me = useMe();
  // The route guard has the answer already: the admin and paying accounts see their searches.
  if (me.data && !canViewLeads(me.data)) return <PausedSearches status={me.data.subscription?.status ?? null} />;
  return <SavedSearchList />;
}

function PausedSearches({ status }: { status: string | null }) {
  return (
    <PageContainer>
      <PageHeader title="Saved Searches" description="Filters you keep, with alerts on new matching rounds." />
      <EmptyState
        icon={<PauseCircle />}
        title="Your saved searches are paused"
        description={`${status ? `Your subscription is ${status.replaceAll('_', ' ')}` : 'You have no subscription'}, so no email, Slack or webhook alert goes out and the API is closed. Your saved searches are kept: subscribe again and they alert on rounds added from then on (rounds added meanwhile are in the archive, not sent).`}
        action={<ButtonLink to={paths.pricing}>Choose a plan</ButtonLink>}
      />
    </PageContainer>
  );
}

function SavedSearchList() {
  const today = useToday();
  const searches = useSavedSearches();
  const crmChoices = useSendableCrms();

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
          action={<ButtonLink to={paths.dashboard} icon={LayoutDashboard}>Go to Recent Leads</ButtonLink>}
        />
      ) : (
        <ul className="grid gap-4" aria-label="Saved searches">
          {searches.data.map((search) => (
            <li key={search.id}>
              <SavedSearchCard search={search} today={today} crmChoices={crmChoices} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
