import { PlaceholderPage } from '@/components/placeholder-page';

export function CareersRoute() {
  return <PlaceholderPage title="Careers" description="There are no open positions right now. Check back soon." />;
}
