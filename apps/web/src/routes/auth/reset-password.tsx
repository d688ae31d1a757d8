import { PlaceholderPage } from '@/components/placeholder-page';

export function ResetPasswordRoute() {
  return <PlaceholderPage title="Reset Password" description="Enter your email address and we will send you a link to choose a new password." />;
}
