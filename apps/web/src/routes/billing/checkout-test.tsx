// /checkout/test/:id: the built-in checkout that stands in for Stripe Checkout when no Stripe keys are
// set (docs/product/DECISIONS.md: offline by default). Start the trial (or pay what is due today) or Cancel, then
// follow the server's redirect.
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleSlash, FlaskConical, LoaderCircle, LogIn, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { authKeys } from '@/features/auth/api';
import { billingKeys, useTestCheckoutAction, useTestCheckoutSession, type TestCheckoutSession } from '@/features/billing/api';
import { inAppPath } from '@/features/billing/checkout';
import { formatPrice, formatPricePerPeriod, trialThenPriceText } from '@/features/billing/pricing';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

export function CheckoutTestRoute() {
  useDocumentTitle('Test checkout');
  const { id = '' } = useParams();
  const session = useTestCheckoutSession(id);

  let content: ReactNode;
  if (session.isPending) {
    content = <PageSpinner label="Loading checkout…" />;
  } else if (session.isError) {
    const status = session.error instanceof ApiError ? session.error.status : 0;
    content =
      status === 401 ? (
        <SessionState
          icon={<LogIn />}
          title="Sign in to continue"
          description="This checkout belongs to an account. Sign in with it, then open the link again or start from the pricing page."
          extra={
            <ButtonLink to={paths.signIn}>Sign in</ButtonLink>
          }
        />
      ) : status === 404 ? (
        <SessionState
          icon={<SearchX />}
          title="Checkout not found"
          description="This checkout link is unknown or has expired. Start again from the pricing page."
        />
      ) : (
        <div className="grid gap-4">
          <ErrorState
            title="Could not load this checkout"
            message={session.error.message}
            onRetry={() => void session.refetch()}
            retrying={session.isFetching}
          />
          <p className="text-center text-sm">
            <Link to={paths.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
              Back to pricing
            </Link>
          </p>
        </div>
      );
  } else if (session.data.status === 'complete') {
    content = (
      <SessionState
        icon={<CircleCheck />}
        title="This checkout is already complete"
        description="The subscription from this checkout is set up. Your leads are on the dashboard."
        extra={
          <ButtonLink to={paths.dashboard}>Go to dashboard</ButtonLink>
        }
      />
    );
  } else if (session.data.status === 'canceled') {
    content = (
      <SessionState
        icon={<CircleSlash />}
        title="This checkout was canceled"
        description="Nothing was charged. Pick a plan on the pricing page to start a new checkout."
      />
    );
  } else {
    content = <OpenCheckout session={session.data} />;
  }

  return <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">{content}</div>;
}

function TestModeBanner() {
  return (
    <div
      data-testid="test-mode-banner"
      role="note"
      aria-label="Test mode"
      className="mb-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <strong className="mr-1 font-semibold tracking-wide">TEST MODE</strong>
        No card is charged. This page stands in for Stripe Checkout because no Stripe keys are set.
      </p>
    </div>
  );
}

function OpenCheckout({ session }: { session: TestCheckoutSession }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useTestCheckoutAction(session.id);
  const { plan, trialDays } = session;
  // Busy from the click until the next page shows (a redirect to another host takes a moment).
  const busy = action.isPending || action.isSuccess;
  const pendingAction = busy ? action.variables : undefined;
  const dueToday = trialDays > 0 ? 0 : plan.price;

  const run = (kind: 'pay' | 'cancel') => {
    action.mutate(kind, {
      onSuccess: (redirectUrl) => {
        // The subscription just changed: make sure the next screen reads it fresh.
        if (kind === 'pay') void queryClient.invalidateQueries({ queryKey: authKeys.me });
        const path = inAppPath(redirectUrl, window.location.origin);
        if (path) void navigate(path, { replace: true });
        else window.location.assign(redirectUrl);
      },
      onError: (error) => {
        toast.error(error.message);
        // The session may have moved on (paid or canceled elsewhere): show what it is now.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          void queryClient.invalidateQueries({ queryKey: billingKeys.testCheckout(session.id) });
        }
      },
    });
  };

  return (
    <>
      <TestModeBanner />
      <Card className="gap-6 p-6 sm:p-8">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Subscribe to</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">{plan.name} plan</h1>
          <p className="mt-3 flex items-baseline gap-1">
            <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatPrice(plan.price)}</span>
            <span className="text-muted-foreground">/{plan.period}</span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{trialThenPriceText(trialDays, plan.price, plan.period)}</p>
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 border-y border-border py-4 text-sm">
          <dt className="text-muted-foreground">Account</dt>
          <dd className="text-right font-medium break-all">{session.email ?? '—'}</dd>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="text-right">
            {plan.name}, {formatPricePerPeriod(plan.price, plan.period)}
          </dd>
          <dt className="font-medium">Due today</dt>
          <dd className="text-right font-semibold tabular-nums">{formatPrice(dueToday)}</dd>
        </dl>

        <div className="flex flex-col gap-3">
          <Button size="lg" className="w-full" disabled={busy} aria-busy={pendingAction === 'pay' || undefined} onClick={() => run('pay')}>
            {pendingAction === 'pay' ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                Processing...
              </>
            ) : dueToday === 0 ? (
              'Start free trial'
            ) : (
              `Pay ${formatPrice(dueToday)}`
            )}
          </Button>
          <Button size="lg" variant="outline" className="w-full" disabled={busy} aria-busy={pendingAction === 'cancel' || undefined} onClick={() => run('cancel')}>
            {pendingAction === 'cancel' ? 'Canceling…' : 'Cancel'}
          </Button>
        </div>
      </Card>
    </>
  );
}

function SessionState({ icon, title, description, extra }: { icon: ReactNode; title: string; description: string; extra?: ReactNode }) {
  return (
    <>
      <h1 className="sr-only">Test checkout</h1>
      <TestModeBanner />
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {extra}
            <Button asChild variant={extra ? 'outline' : 'default'}>
              <Link to={paths.pricing}>Back to pricing</Link>
            </Button>
          </div>
        }
      />
    </>
  );
}
