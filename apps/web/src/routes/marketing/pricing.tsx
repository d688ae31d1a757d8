import { PlaceholderPage } from '@/components/placeholder-page';

export function PricingRoute() {
  return <PlaceholderPage title="Pricing" description="Plans for every team. Monthly and annual plans arrive here soon, each with a 7-day free trial." />;
}
