// /pricing (docs/product/SPEC.md "Pricing page", section 9): the plan cards, what every plan includes, and the
// trial promise. Subscribing starts a checkout with the server's price id for the plan.
import { PLANS, TRIAL_DAYS, type PlanId } from '@fundwire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths, PLAN_PARAM, readChosenPlan } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page';
import { authKeys, publicConfigQueryOptions, useMe } from '@/features/auth/api';
import { IncludedFeatures, TrialNote } from '@/features/billing/components/included-features';
import { LockedNotice, readLockedScreen } from '@/features/billing/components/locked-notice';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { usePlanCheckout } from '@/features/billing/hooks/use-plan-checkout';
import { useReturnNotice } from '@/features/billing/hooks/use-return-notice';
import { resolvePriceIds, subscribeButtonLabel } from '@/features/billing/pricing';
import { CANCELLATION_MESSAGES, useChangePlan } from '@/features/billing/api';
import { formatBillingDate } from '@/features/billing/subscription-display';
import { toast } from '@/components/ui/toaster';
import { PUBLIC_PAGES } from '@/config/page-meta';
import { usePageMeta } from '@/lib/use-document-title';

export function PricingRoute() {
  usePageMeta(PUBLIC_PAGES[paths.pricing]);
  const queryClient = useQueryClient();
  const { data: me, isPending: checkingSession } = useMe();
  const subscribed = Boolean(me?.hasActiveSubscription);
  // Sent here from a subscriber screen (RequireSubscription): say which one is locked, and why.
  const lockedScreen = readLockedScreen(useLocation().state);
  // Checkout's Cancel (Stripe's or the test page's) comes back here with ?checkout=canceled.
  useReturnNotice({ param: 'checkout', value: 'canceled', message: 'Checkout canceled. You have not been charged.' });

  const checkout = usePlanCheckout({
    user: me ? { id: me.user.id, email: me.user.email } : null,
    // The server's price ids (Stripe's when it is configured); an older server without them uses the defaults.
    getPriceId: async (planId: PlanId) => {
      const config = await queryClient.ensureQueryData(publicConfigQueryOptions());
      return resolvePriceIds(config.billing?.plans)[planId];
    },
    onAlreadySubscribed: () => void queryClient.invalidateQueries({ queryKey: authKeys.me }),
    onSignedOut: () => void queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });

  // A plan chosen before the account existed (?plan=, kept through sign-up or sign-in): its checkout starts at once,
  // once, for an account without a subscription (decision 039).
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenPlan = readChosenPlan(searchParams);
  const startedChosenPlan = useRef(false);
  const { subscribe } = checkout;
  useEffect(() => {
    if (!chosenPlan || checkingSession || startedChosenPlan.current) return;
    startedChosenPlan.current = true;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PLAN_PARAM);
        return next;
      },
      { replace: true },
    );
    if (!me?.hasActiveSubscription) subscribe(chosenPlan);
  }, [chosenPlan, checkingSession, me, subscribe, setSearchParams]);

  const changePlan = useChangePlan();
  const switchPlan = async (planId: PlanId) => {
    const config = await queryClient.ensureQueryData(publicConfigQueryOptions());
    changePlan.mutate(
      { priceId: resolvePriceIds(config.billing?.plans)[planId], planId },
      {
        onSuccess: () => {
          toast.success(CANCELLATION_MESSAGES.planChanged(PLANS[planId].name));
          void queryClient.invalidateQueries({ queryKey: authKeys.me });
        },
        onError: (error) => toast.error(error.message || CANCELLATION_MESSAGES.changePlanFailed),
      },
    );
  };

  return (
    <PageContainer>
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Every startup that just raised money, with the people to contact there. Start with a {TRIAL_DAYS}-day free
          trial, cancel any time.
        </p>
      </div>

      {lockedScreen && me && !subscribed && <LockedNotice screen={lockedScreen} subscriptionStatus={me.subscription?.status ?? null} />}

      {subscribed && me && (
        <SubscribedNotice
          planName={me.subscription?.plan ? PLANS[me.subscription.plan].name : null}
          trialEnd={me.subscription?.status === 'trialing' ? formatBillingDate(me.subscription.trialEnd ?? me.subscription.currentPeriodEnd) : null}
        />
      )}

      <section id="plans" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <PlanCards
          className="pt-3"
          // Until the session is known (and in the prerendered page, and without JavaScript) the buttons
          // are links to sign-up; then they start checkout, or ask to sign in.
          onSubscribe={checkingSession ? undefined : checkout.subscribe}
          busyPlanId={checkout.busyPlanId}
          subscribeLabel={subscribeButtonLabel(TRIAL_DAYS, Boolean(me?.subscription))}
          subscribed={subscribed}
          currentPlanId={me?.subscription?.plan ?? null}
          onSwitch={subscribed && me?.subscription?.plan ? (planId) => void switchPlan(planId) : undefined}
          switchingPlanId={changePlan.isPending ? (changePlan.variables?.planId ?? null) : null}
        />
        <TrialNote className="mt-8" />
      </section>

      <section id="included" aria-labelledby="included-features-heading" className="mx-auto mt-12 max-w-4xl">
        <IncludedFeatures />
      </section>
    </PageContainer>
  );
}

/** "Your Monthly plan is active.", or while on trial "Monthly plan: free trial until March 15, 2026." */
function subscribedText(planName: string | null, trialEnd: string | null): string {
  if (trialEnd) return `${planName ? `${planName} plan` : 'Your subscription'}: free trial until ${trialEnd}.`;
  return `${planName ? `Your ${planName} plan` : 'Your subscription'} is active.`;
}

function SubscribedNotice({ planName, trialEnd }: { planName: string | null; trialEnd: string | null }) {
  return (
    <div
      role="status"
      className="mx-auto mb-10 flex max-w-4xl flex-col gap-4 rounded-lg border border-green-200 bg-green-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <p className="font-semibold text-green-900">You&apos;re subscribed</p>
          <p className="text-sm text-green-900/80">
            {subscribedText(planName, trialEnd)} Your leads are waiting on the dashboard.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild variant="outline" className="bg-background">
          <Link to={paths.profile}>Manage subscription</Link>
        </Button>
        <Button asChild>
          <Link to={paths.dashboard}>Go to dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
