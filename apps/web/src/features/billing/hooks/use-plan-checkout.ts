// Subscribe to a plan (docs/product/SPEC.md section 4, "Subscribe"): idle -> busy ("Processing...", every plan's
// button disabled) -> redirect to checkout, or back to idle with a toast (section 8, "Checkout").
import type { PlanId } from '@fundwire/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths, signUpPath } from '@/config/paths';
import { toast } from '@/components/ui/toaster';
import { startCheckout } from '../api';
import { CHECKOUT_MESSAGES, classifyCheckoutError } from '../checkout';

export interface CheckoutUser {
  id: string;
  email: string;
}

export interface UsePlanCheckoutOptions {
  /** The signed-in user, or null when signed out. */
  user: CheckoutUser | null;
  /** The price id to buy for a plan (the server's, from GET /api/public-config). */
  getPriceId: (planId: PlanId) => string | Promise<string>;
  /** The server says a subscription already exists (409): the caller's view of it is out of date. */
  onAlreadySubscribed?: () => void;
  /** The server says nobody is signed in (401): the caller's session is out of date. */
  onSignedOut?: () => void;
}

export function usePlanCheckout({ user, getPriceId, onAlreadySubscribed, onSignedOut }: UsePlanCheckoutOptions) {
  const navigate = useNavigate();
  // Set once the browser is on its way to checkout, so the buttons stay busy until the page unloads.
  const [redirectingPlan, setRedirectingPlan] = useState<PlanId | null>(null);

  // Coming Back from checkout restores this page from the back/forward cache: make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirectingPlan(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ planId, user: buyer }: { planId: PlanId; user: CheckoutUser }) =>
      startCheckout({ planId, priceId: await getPriceId(planId), userId: buyer.id, email: buyer.email }),
    onSuccess: (url, { planId }) => {
      setRedirectingPlan(planId);
      window.location.assign(url);
    },
    onError: (error) => {
      const failure = classifyCheckoutError(error);
      if (failure.kind === 'sign-in') {
        onSignedOut?.();
        toast.error(CHECKOUT_MESSAGES.signInRequired, { id: 'checkout-error' });
        void navigate(paths.signIn);
      } else if (failure.kind === 'already-subscribed') {
        onAlreadySubscribed?.();
        toast.error(failure.message, {
          id: 'checkout-error',
          action: { label: 'Go to dashboard', onClick: () => void navigate(paths.dashboard) },
        });
      } else {
        toast.error(CHECKOUT_MESSAGES.failed, { id: 'checkout-error' });
      }
    },
  });

  const busyPlanId: PlanId | null = redirectingPlan ?? (mutation.isPending ? mutation.variables.planId : null);

  function subscribe(planId: PlanId) {
    if (busyPlanId) return; // one checkout at a time
    if (!user) {
      // Sign-up keeps the plan and comes back to its checkout (decision 039).
      toast.info(CHECKOUT_MESSAGES.accountRequired, { id: 'checkout-error' });
      void navigate(signUpPath(planId));
      return;
    }
    mutation.mutate({ planId, user });
  }

  return { subscribe, busyPlanId };
}
