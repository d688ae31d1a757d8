// /profile (guarded by RequireUser): the account email and the subscription as /api/me reports it.
// The subscription actions (cancel, reactivate) arrive with the billing issue.
import { PlaceholderPage } from '@/components/placeholder-page';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useMe, type MeSubscription } from '@/features/auth/api';

export function ProfileRoute() {
  const { data: me } = useMe();
  if (!me) return null; // RequireUser only renders this screen for a signed-in user

  return (
    <PlaceholderPage title="Profile" description="Your account and subscription.">
      <div className="grid max-w-2xl gap-6">
        <Card className="p-6">
          <h2 className="text-base font-semibold">Account</h2>
          <dl className="mt-4 grid gap-1 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd data-testid="profile-email" className="font-medium break-all">
              {me.user.email}
            </dd>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="text-base font-semibold">Subscription</h2>
          {me.subscription ? (
            <SubscriptionSummary subscription={me.subscription} />
          ) : (
            <p className="mt-4 text-sm text-muted-foreground">No subscription data available</p>
          )}
        </Card>
      </div>
    </PlaceholderPage>
  );
}

function SubscriptionSummary({ subscription }: { subscription: MeSubscription }) {
  const active = subscription.status === 'active' || subscription.status === 'trialing';
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Status</dt>
      <dd>
        <Badge variant={active ? 'success' : 'destructive'}>{subscription.status}</Badge>
      </dd>
      <dt className="text-muted-foreground">Plan</dt>
      <dd className="break-all">{subscription.priceId ?? '—'}</dd>
    </dl>
  );
}
