// /historical: the whole archive, with search and every filter, date range included, in the URL (docs/product/SPEC.md section 2).
import { EmptyState } from '@/components/ui/states';
import { useToday } from '@/features/leads/hooks/use-today';
import { useSavedSearchLink } from '@/features/saved-searches/hooks/use-saved-search-link';
import { historicalLeadFilter } from '@/lib/leads/view-params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeadListScreen, useLeadListScreen } from './lead-list-screen';

export function HistoricalRoute() {
  useDocumentTitle('Historical Leads');
  const today = useToday();
  // An alert mail's link: marks its search viewed and reads its rolling window.
  useSavedSearchLink(today);
  const state = useLeadListScreen(historicalLeadFilter, today);

  return (
    <LeadListScreen
      state={state}
      screen="historical"
      title="Historical Leads"
      description="Every funding round in the archive. Search, filter and export it."
      label="Historical leads"
      withDates
      actionLabel="View Details"
      errorLayout="stacked"
      noMatchDescription="Nothing in the archive matches these filters. Try other words, a longer date range, fewer filters, or clear them."
      emptyState={
        <EmptyState title="No leads in the archive yet" description="Funding rounds appear here as they are added. Check back soon, or watch your weekly email." />
      }
    />
  );
}
