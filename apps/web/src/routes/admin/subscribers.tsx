import { PlaceholderPage } from '@/components/placeholder-page';

export function AdminSubscribersRoute() {
  return <PlaceholderPage title="Email Subscribers" description="Newsletter subscribers and the weekly email will be managed here." />;
}
