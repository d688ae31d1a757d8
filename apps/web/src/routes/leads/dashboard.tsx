// /dashboard: Recent Leads, the last 7 days (docs/product/SPEC.md section 2). Search and every filter but the date live
// in the URL; rounds added since the user's previous visit are marked and counted in the header, and new=1 shows only them.
import { format } from 'date-fns';
import { History } from 'lucide-react';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { EmptyState } from '@/components/ui/states';
import { useMe } from '@/features/auth/api';
import { useNewLeadCount } from '@/features/leads/api';
import { useDashboardVisit } from '@/features/leads/hooks/use-dashboard-visit';
import { useToday } from '@/features/leads/hooks/use-today';
import { pluralize } from '@/lib/format';
import { countPrefix } from '@/lib/leads/lead-pages';
import { recentLeadFilter } from '@/lib/leads/view-params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeadListScreen, useLeadListScreen } from './lead-list-screen';

export function DashboardRoute() {
  useDocumentTitle('Recent Leads');
  const today = useToday();
  const me = useMe();
  const previousVisit = useDashboardVisit(me.data?.user.id);
  const state = useLeadListScreen(recentLeadFilter, today, { previousVisit });
  const newCount = useNewLeadCount(state.filter, previousVisit);

  return (
    <LeadListScreen
      state={state}
      screen="dashboard"
      title="Recent Leads"
      description={
        <>
          Last 7 days
          {previousVisit && newCount.data && (
            // Plain inline text that wraps as a sentence: on a phone it takes its own line instead of flex columns.
            <span data-testid="new-since-count" className="block font-medium text-foreground sm:ml-2 sm:inline">
              <span aria-hidden="true" className="hidden sm:inline">
                ·{' '}
              </span>
              {newCount.data.count === 0
                ? 'Nothing new since your last visit'
                : `${countPrefix(newCount.data.exact, newCount.data.lowerBound)}${pluralize(newCount.data.count, 'new round')} since your last visit`}
              <span className="sr-only">,</span>{' '}
              <time dateTime={previousVisit} className="font-normal whitespace-nowrap text-muted-foreground">
                ({format(new Date(previousVisit), 'MMM d, h:mm a')})
              </time>
            </span>
          )}
        </>
      }
      label="Recent leads"
      withDates={false}
      actionLabel="View Contacts"
      errorLayout="inline"
      noMatchDescription="No company funded in the last 7 days matches these filters. Try other words, fewer filters, or clear them."
      emptyState={
        <EmptyState
          title="No new leads in the last 7 days"
          description="New funding rounds appear here as they are announced. Meanwhile, the archive has every earlier round."
          action={<ButtonLink to={paths.historical} icon={History}>Browse historical leads</ButtonLink>}
        />
      }
      newSince={previousVisit ?? null}
    />
  );
}
