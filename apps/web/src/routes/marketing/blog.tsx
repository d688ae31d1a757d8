import { PlaceholderPage } from '@/components/placeholder-page';

export function BlogRoute() {
  return <PlaceholderPage title="Blog" description="Notes on funding rounds, outbound sales and the people behind them. The first posts are on their way." />;
}
