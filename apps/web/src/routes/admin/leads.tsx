import { PlaceholderPage } from '@/components/placeholder-page';

export function AdminLeadsRoute() {
  return <PlaceholderPage title="Admin - Leads Management" description="Create, edit, delete and batch upload leads." />;
}
