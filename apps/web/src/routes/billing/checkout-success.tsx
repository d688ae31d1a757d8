// /checkout/success: where checkout sends the buyer back. The payment is confirmed by the server
// (Stripe's webhook, or the test checkout), so this screen waits for GET /api/me to report access,
// then opens the dashboard. The live stream usually brings it within a second; polling is the fallback.
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/features/auth/api';
import { useDocumentTitle } from '@/lib/use-document-title';

const POLL_MS = 2_000;
const GIVE_UP_MS = 60_000;

export function CheckoutSuccessRoute() {
  useDocumentTitle('Confirming your subscription');
  const [timedOut, setTimedOut] = useState(false);
  const me = useQuery({ ...meQueryOptions(), refetchInterval: timedOut ? false : POLL_MS });

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);

  // Even after the wait runs out, a late confirmation (live stream, focus refetch) still moves on.
  if (me.data?.hasActiveSubscription) return <Navigate to={paths.dashboard} replace />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:py-24">
      <Card className="items-center gap-4 p-8 text-center">
        {timedOut ? (
          <>
            <Clock aria-hidden="true" className="size-8 text-muted-foreground" />
            <h1 className="text-xl font-semibold">This is taking longer than usual</h1>
            <p role="status" className="text-sm text-muted-foreground">
              We have not received the confirmation of your subscription yet. It can take a few minutes; your profile
              shows its status as soon as it arrives.
            </p>
            <div className="mt-2 flex flex-wrap justify-center gap-3">
              <ButtonLink to={paths.profile}>Go to your profile</ButtonLink>
              <Button asChild variant="outline">
                <Link to={paths.pricing}>Back to pricing</Link>
              </Button>
            </div>
          </>
        ) : (
          <>
            <Spinner label="Confirming your subscription…" className="[&_svg]:size-8" />
            <h1 className="text-xl font-semibold">Confirming your subscription…</h1>
            <p className="text-sm text-muted-foreground">
              Thanks for subscribing. This usually takes a few seconds; you will be taken to your dashboard.
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
