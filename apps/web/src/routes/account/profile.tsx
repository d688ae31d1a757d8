// /profile (guarded by RequireUser; docs/product/SPEC.md "Profile", sections 4 and 8): the account email, the
// subscription as /api/me reports it (kept live by the subscription stream), and its actions:
// the cancellation flow, Reactivate, and Stripe's billing portal when Stripe is configured.
import { RETENTION_OFFER } from '@fundwire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plug, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { AlertFrequencyCard } from '@/features/alerts/components/alert-frequency-card';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { authKeys, useMe, usePublicConfig, type Me, type MeSubscription } from '@/features/auth/api';
import { isAdmin } from '@/features/auth/access';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { EmailVerificationNotice } from '@/features/auth/components/email-verification-notice';
import { CANCELLATION_MESSAGES, useBillingPortal, useReactivateSubscription } from '@/features/billing/api';
import { CancelSubscriptionDialog } from '@/features/billing/components/cancel-subscription-dialog';
import { SubscriptionDetails } from '@/features/billing/components/subscription-details';
import { useReturnNotice } from '@/features/billing/hooks/use-return-notice';
import { resolvePriceIds, type PlanPriceIds } from '@/features/billing/pricing';
import { subscriptionAction } from '@/features/billing/subscription-display';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ProfileRoute() {
  useDocumentTitle('Profile');
  const { data: me } = useMe();
  const config = usePublicConfig();
  // Accepting the retention offer comes back here with ?offer=applied.
  useReturnNotice({
    param: 'offer',
    value: 'applied',
    kind: 'success',
    message: `Offer applied: ${RETENTION_OFFER.discountPercent}% off for the next ${RETENTION_OFFER.discountDuration} months`,
  });
  if (!me) return null; // RequireUser only renders this screen for a signed-in user

  const priceIds = resolvePriceIds(config.data?.billing?.plans);
  const stripeMode = config.data?.billing?.mode === 'stripe';

  return (
    <PageContainer>
      <PageHeader title="Profile" description="Your account and subscription." />
      <div className="grid max-w-2xl gap-6">
        <EmailVerificationNotice me={me} />
        <Card className="p-6">
          <h2 className="text-base font-semibold">Account</h2>
          <dl className="mt-4 grid gap-1 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd data-testid="profile-email" className="font-medium break-all">
              {me.user.email}
            </dd>
          </dl>
          {isAdmin(me) && (
            <Button asChild variant="outline" className="mt-4">
              <Link to={paths.admin}>Open the admin console</Link>
            </Button>
          )}
        </Card>

        <Card className="p-6">
          <h2 className="mb-4 text-base font-semibold">Subscription</h2>
          {me.subscription ? (
            <SubscriptionSection me={me} subscription={me.subscription} priceIds={priceIds} stripeMode={stripeMode} />
          ) : (
            <EmptyState
              className="py-8"
              title="No subscription data available"
              description="You do not have a subscription yet. Every plan starts with a free trial."
              action={
                <ButtonLink to={paths.pricing}>View plans</ButtonLink>
              }
            />
          )}
        </Card>

        <ChangePasswordCard email={me.user.email} />

        <AlertFrequencyCard subscribed={me.hasActiveSubscription} />

        <ApiKeysCard subscribed={me.hasActiveSubscription} />

        <Card className="grid gap-3 p-6" data-testid="profile-integrations">
          <div className="grid gap-1">
            <h2 className="text-base font-semibold">CRM integrations</h2>
            <p className="text-sm text-muted-foreground">Send leads to HubSpot or Pipedrive in one click, and new matches of saved searches by themselves.</p>
          </div>
          <div>
            <Button asChild variant="outline">
              <Link to={paths.integrations}>
                <Plug aria-hidden="true" />
                Manage integrations
              </Link>
            </Button>
          </div>
        </Card>
      </div>
    </PageContainer>
  );
}

interface SubscriptionSectionProps {
  me: Me;
  subscription: MeSubscription;
  priceIds: PlanPriceIds;
  stripeMode: boolean;
}

function SubscriptionSection({ me, subscription, priceIds, stripeMode }: SubscriptionSectionProps) {
  const queryClient = useQueryClient();
  const action = subscriptionAction(subscription);
  const user = { id: me.user.id, email: me.user.email };

  const reactivate = useReactivateSubscription({
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
      toast.success(CANCELLATION_MESSAGES.reactivated);
    },
  });
  const portal = useBillingPortal();
  // Opening the portal leaves the page: stay busy until it does.
  const openingPortal = portal.isPending || portal.isSuccess;

  const reactivateButton =
    action === 'reactivate' ? (
      <Button
        disabled={reactivate.isPending}
        aria-busy={reactivate.isPending || undefined}
        onClick={() => reactivate.mutate(undefined, { onError: (error) => toast.error(error.message) })}
      >
        <RotateCcw aria-hidden="true" />
        {reactivate.isPending ? 'Reactivating…' : 'Reactivate Subscription'}
      </Button>
    ) : null;

  const retentionPriceId = subscription.priceId ?? (subscription.plan ? priceIds[subscription.plan] : null);

  return (
    <div className="grid gap-6">
      <SubscriptionDetails subscription={subscription} priceIds={priceIds} reactivateAction={reactivateButton} />

      <div className="flex flex-wrap gap-3 border-t border-border pt-5 empty:hidden">
        {action === 'cancel' && <CancelSubscriptionDialog user={user} subscription={subscription} retentionPriceId={retentionPriceId} />}
        {action === 'none' && (
          <ButtonLink to={paths.pricing}>View plans</ButtonLink>
        )}
        {stripeMode && (
          <Button
            variant="outline"
            disabled={openingPortal}
            aria-busy={openingPortal || undefined}
            onClick={() =>
              portal.mutate(undefined, {
                onSuccess: (url) => window.location.assign(url),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            <CreditCard aria-hidden="true" />
            {openingPortal ? 'Opening…' : 'Manage billing'}
          </Button>
        )}
      </div>
    </div>
  );
}
