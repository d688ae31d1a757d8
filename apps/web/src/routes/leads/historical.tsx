import { PlaceholderPage } from '@/components/placeholder-page';

export function HistoricalRoute() {
  return <PlaceholderPage title="Historical Leads" description="Every funding round in the archive, searchable and exportable." />;
}
