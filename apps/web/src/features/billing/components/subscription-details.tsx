// The subscription as the profile shows it (docs/product/SPEC.md "Profile"): status, plan, dates, discount, and
// the notice for a scheduled cancellation. Actions are passed in by the profile route.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { PlanPriceIds } from '../pricing';
import {
  discountText,
  formatBillingDate,
  grantsAccess,
  planLabel,
  subscriptionStatusLabel,
  subscriptionStatusTone,
  subscriptionSummary,
  willCancelText,
  type SubscriptionView,
} from '../subscription-display';

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const tone = subscriptionStatusTone(status);
  return (
    <Badge data-testid="subscription-status" data-status={status} variant={tone}>
      <span aria-hidden="true" className={tone === 'success' ? 'size-1.5 rounded-full bg-green-600' : 'size-1.5 rounded-full bg-red-600'} />
      {subscriptionStatusLabel(status)}
    </Badge>
  );
}

export interface SubscriptionDetailsProps {
  subscription: SubscriptionView;
  priceIds?: PlanPriceIds;
  /** Shown inside the orange notice when a cancellation is scheduled (the Reactivate button). */
  reactivateAction?: ReactNode;
}

export function SubscriptionDetails({ subscription, priceIds, reactivateAction }: SubscriptionDetailsProps) {
  const plan = planLabel(subscription, priceIds);
  const trialEnd = subscription.status === 'trialing' ? formatBillingDate(subscription.trialEnd) : null;
  const periodEnd = formatBillingDate(subscription.currentPeriodEnd);
  const discount = discountText(subscription);
  // A scheduled cancellation matters only while the subscription still grants access.
  const cancelling = subscription.cancelAtPeriodEnd && grantsAccess(subscription.status);
  const willCancel = cancelling ? willCancelText(subscription) : null;

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{subscriptionSummary(subscription)}</p>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[10rem_1fr] sm:gap-y-3">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="mb-2 sm:mb-0">
          <SubscriptionStatusBadge status={subscription.status} />
        </dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="mb-2 font-medium break-all sm:mb-0">{plan ?? '—'}</dd>
        {trialEnd && (
          <>
            <dt className="text-muted-foreground">Trial ends</dt>
            <dd className="mb-2 font-medium sm:mb-0">{trialEnd}</dd>
          </>
        )}
        {/* A trial's period ends with the trial: one row says it. */}
        {periodEnd && periodEnd !== trialEnd && (
          <>
            <dt className="text-muted-foreground">Current period ends</dt>
            <dd className="mb-2 font-medium sm:mb-0">{periodEnd}</dd>
          </>
        )}
        {discount && (
          <>
            <dt className="text-muted-foreground">Discount</dt>
            <dd className="mb-2 font-medium text-green-800 sm:mb-0">{discount}</dd>
          </>
        )}
      </dl>

      {cancelling && (
        <div
          role="note"
          aria-label="Canceling at period end"
          className="flex flex-col gap-4 rounded-lg border border-orange-300 bg-orange-50 p-4 text-sm text-orange-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex gap-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-600" />
            <div>
              <p className="font-semibold">Canceling at period end</p>
              <p className="mt-0.5 font-medium text-orange-900">{willCancel}</p>
              <p className="mt-0.5 text-orange-900">You keep access until then, and can reactivate before it ends.</p>
            </div>
          </div>
          {reactivateAction && <div className="shrink-0">{reactivateAction}</div>}
        </div>
      )}
    </div>
  );
}
