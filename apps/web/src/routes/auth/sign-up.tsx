import { PlaceholderPage } from '@/components/placeholder-page';

export function SignUpRoute() {
  return <PlaceholderPage title="Sign Up" description="Create an account to start your 7-day free trial." />;
}
