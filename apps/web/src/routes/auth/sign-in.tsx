import { PlaceholderPage } from '@/components/placeholder-page';

export function SignInRoute() {
  return <PlaceholderPage title="Sign In" description="Sign in to see your recent and historical leads." />;
}
