import { PlaceholderPage } from '@/components/placeholder-page';

export function AboutRoute() {
  return <PlaceholderPage title="About" description="We help sales and business-development teams reach startups the week they raise." />;
}
