// The three-step cancellation flow (docs/product/SPEC.md section 4): feedback -> retention offer -> final
// confirmation. Failures follow section 8: browser alerts for feedback and cancel, only a log for
// the retention checkout, except the server refusing the offer (409: already used, or too long after
// the feedback), which the user is told in a toast before the last step.
import { FEEDBACK_REASONS, PLANS, RETENTION_OFFER, type PlanId } from '@fundwire/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { RadioGroup, RadioGroupOption } from '@/components/ui/radio-group';
import { TextareaField } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { CANCELLATION_MESSAGES, startRetentionCheckout, useCancelSubscription, useSubmitFeedback } from '../api';
import { discountedPrice, formatPricePerPeriod } from '../pricing';
import { cancellationDate, formatBillingDate, type SubscriptionView } from '../subscription-display';

type Step = 'feedback' | 'retention' | 'final';
const STEP_NUMBER: Record<Step, number> = { feedback: 1, retention: 2, final: 3 };

export interface CancelSubscriptionDialogProps {
  user: { id: string; email: string };
  subscription: SubscriptionView;
  /** The price the retention offer discounts: the subscription's own plan. */
  retentionPriceId: string | null;
}

export function CancelSubscriptionDialog({ user, subscription, retentionPriceId }: CancelSubscriptionDialogProps) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('feedback');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [acceptingOffer, setAcceptingOffer] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const reasonLabelId = useId();

  const feedback = useSubmitFeedback();
  const cancel = useCancelSubscription();
  // Cancel reloads the page on success: stay busy until it does.
  const canceling = cancel.isPending || cancel.isSuccess;
  const busy = feedback.isPending || acceptingOffer || canceling;

  // Each step starts with its heading, so keyboard and screen-reader users hear where they are.
  useEffect(() => {
    if (open) titleRef.current?.focus();
  }, [step, open]);

  const onOpenChange = (next: boolean) => {
    if (busy) return; // a request in flight finishes first
    if (next) {
      setStep('feedback');
      setReason('');
      setDetails('');
      feedback.reset();
      cancel.reset();
    }
    setOpen(next);
  };

  const submitFeedback = () => {
    if (!reason || busy) return;
    feedback.mutate(
      {
        userId: user.id,
        reason,
        details: details.trim(),
        email: user.email,
        subscriptionStatus: subscription.status,
        priceId: subscription.priceId,
      },
      {
        onSuccess: () => setStep('retention'),
        onError: () => window.alert(CANCELLATION_MESSAGES.feedbackFailed),
      },
    );
  };

  const acceptOffer = async () => {
    if (busy) return;
    setAcceptingOffer(true);
    try {
      const url = await startRetentionCheckout({ priceId: retentionPriceId, userId: user.id });
      window.location.assign(url); // stays busy while the next page loads
    } catch (error) {
      setAcceptingOffer(false);
      if (error instanceof ApiError && error.status === 409) {
        // Not a failure but an answer: the offer is once per account and only inside this flow.
        toast.error(error.message);
        setStep('final');
        return;
      }
      // docs/product/SPEC.md section 8: a retention checkout failure is only logged.
      console.error('Retention checkout failed', error);
    }
  };

  const cancelAtPeriodEnd = () => {
    if (busy) return;
    cancel.mutate(
      { userId: user.id },
      {
        onSuccess: () => window.location.reload(),
        onError: () => window.alert(CANCELLATION_MESSAGES.cancelFailed),
      },
    );
  };

  const keepButton = (
    <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
      Keep Subscription
    </Button>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-200 text-destructive hover:bg-red-50 hover:text-destructive">
          Cancel Subscription
        </Button>
      </DialogTrigger>
      <DialogContent
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        onInteractOutside={(event) => busy && event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          titleRef.current?.focus();
        }}
      >
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Step {STEP_NUMBER[step]} of 3</p>

        {step === 'feedback' && (
          <>
            <DialogHeader>
              <DialogTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
                We&apos;re sorry to see you go
              </DialogTitle>
              <DialogDescription>Tell us why you are canceling. It helps us make Fundwire better.</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-5"
              onSubmit={(event) => {
                event.preventDefault();
                submitFeedback();
              }}
            >
              <div className="grid gap-2">
                <p id={reasonLabelId} className="text-sm font-medium">
                  Reason for canceling <span className="text-muted-foreground">(required)</span>
                </p>
                <RadioGroup value={reason} onValueChange={setReason} aria-labelledby={reasonLabelId} aria-required disabled={busy}>
                  {FEEDBACK_REASONS.map((option) => (
                    <RadioGroupOption key={option.value} value={option.value} label={option.label} />
                  ))}
                </RadioGroup>
              </div>
              <TextareaField
                label="Anything else you would like to share? (optional)"
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                maxLength={5000}
                rows={3}
                disabled={busy}
              />
              <DialogFooter>
                {keepButton}
                <Button type="submit" disabled={!reason || busy} aria-busy={feedback.isPending || undefined}>
                  {feedback.isPending ? <BusyLabel label="Submitting…" /> : 'Continue'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}

        {step === 'retention' && (
          <>
            <DialogHeader>
              <DialogTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
                Before you go: {RETENTION_OFFER.discountPercent}% off for {RETENTION_OFFER.discountDuration} months
              </DialogTitle>
              <DialogDescription>Stay with Fundwire for less while you decide.</DialogDescription>
            </DialogHeader>
            <div className="rounded-lg border border-primary/30 bg-primary-soft/60 p-4 text-sm">
              <RetentionOfferText plan={subscription.plan} />
            </div>
            <DialogFooter>
              <Button variant="outline" disabled={busy} onClick={() => setStep('final')}>
                No Thanks, Cancel
              </Button>
              <Button disabled={busy} aria-busy={acceptingOffer || undefined} onClick={() => void acceptOffer()}>
                {acceptingOffer ? <BusyLabel label="Processing..." /> : 'Accept Offer'}
              </Button>
            </DialogFooter>
          </>
        )}

        {step === 'final' && (
          <>
            <DialogHeader>
              <DialogTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
                Cancel at the end of your billing period?
              </DialogTitle>
              <DialogDescription>Here is what happens next.</DialogDescription>
            </DialogHeader>
            <FinalStepDetails subscription={subscription} />
            <DialogFooter>
              {keepButton}
              <Button variant="destructive" disabled={busy} aria-busy={canceling || undefined} onClick={cancelAtPeriodEnd}>
                {canceling ? <BusyLabel label="Canceling…" /> : 'Cancel at Period End'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BusyLabel({ label }: { label: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      {label}
    </>
  );
}

function RetentionOfferText({ plan: planId }: { plan: PlanId | null }) {
  const { discountPercent, discountDuration } = RETENTION_OFFER;
  // Only a monthly price shows the discount per bill; an annual bill may not fall inside the 3 months.
  if (!planId || PLANS[planId].period !== 'month') {
    return (
      <p>
        Keep your {planId ? `${PLANS[planId].name} plan` : 'subscription'} with <strong>{discountPercent}% off</strong> for the next{' '}
        {discountDuration} months. Everything stays as it is: alerts, profiles and contacts.
      </p>
    );
  }
  const plan = PLANS[planId];
  const offer = formatPricePerPeriod(discountedPrice(plan.price, discountPercent), plan.period);
  return (
    <p>
      Keep your {plan.name} plan for <strong className="tabular-nums">{offer}</strong> for the next {discountDuration}{' '}
      months instead of {formatPricePerPeriod(plan.price, plan.period)}. Everything stays as it is: alerts, profiles and
      contacts.
    </p>
  );
}

function FinalStepDetails({ subscription }: { subscription: SubscriptionView }) {
  const endDate =
    cancellationDate({ ...subscription, cancelAtPeriodEnd: true }) ??
    (subscription.status === 'trialing' ? formatBillingDate(subscription.trialEnd) : null);
  const trialing = subscription.status === 'trialing';
  return (
    <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed">
      {trialing ? (
        // Nothing has been charged during a trial, so there is nothing to be charged "again".
        <li>
          {endDate ? (
            <>
              Your trial ends on <strong>{endDate}</strong> and you will not be charged.
            </>
          ) : (
            'Your trial ends without renewing and you will not be charged.'
          )}
        </li>
      ) : (
        <li>
          Your subscription is canceled at the end of the current billing period
          {endDate ? (
            <>
              , on <strong>{endDate}</strong>
            </>
          ) : null}
          . You will not be charged again.
        </li>
      )}
      <li>You keep premium access to every lead and contact until then.</li>
      <li>After that, your account reverts to the free plan.</li>
      <li>Changed your mind? You can reactivate your subscription any time before it expires.</li>
    </ul>
  );
}
