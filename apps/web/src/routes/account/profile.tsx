import { PlaceholderPage } from '@/components/placeholder-page';

export function ProfileRoute() {
  return <PlaceholderPage title="Profile" description="Your account and subscription details will appear here." />;
}
