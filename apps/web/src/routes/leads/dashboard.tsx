import { PlaceholderPage } from '@/components/placeholder-page';

export function DashboardRoute() {
  return <PlaceholderPage title="Recent Leads" description="Last 7 days" />;
}
