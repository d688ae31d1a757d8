// /newsletter/confirm?token=: the double opt-in link from the confirmation mail.
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContainer } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useConfirmSubscription } from '@/features/alerts/api';
import { useMailToken, useRunOnceWithToken } from '@/features/alerts/hooks/use-mail-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isRetryable } from '@/lib/api-client';

export function NewsletterConfirmRoute() {
  useDocumentTitle('Confirm your subscription');
  const token = useMailToken();
  const confirm = useConfirmSubscription();
  useRunOnceWithToken(token, confirm.mutate);

  return (
    <PageContainer className="max-w-xl">
      {token === '' ? (
        <ErrorState title="This link is incomplete" message="Open the link from the confirmation email again, or subscribe once more from the home page." />
      ) : confirm.isSuccess ? (
        <Card className="items-center p-8 text-center">
          <CheckCircle2 aria-hidden="true" className="mb-3 size-10 text-emerald-600" />
          <h1 className="text-2xl font-semibold">You're subscribed</h1>
          <p className="mt-2 text-muted-foreground">
            <span className="font-medium text-foreground break-all">{confirm.data.email}</span> will get the Fundwire newsletter every Monday at 9:00 AM.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to={paths.freeLeads}>See this week's free leads</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.pricing}>Get the contacts too</Link>
            </Button>
          </div>
        </Card>
      ) : confirm.isError ? (
        <ErrorState title="We could not confirm your subscription" message={confirm.error.message} onRetry={isRetryable(confirm.error) ? () => confirm.mutate(token) : undefined} retrying={confirm.isPending} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label="Confirming your subscription…" showLabel />
        </div>
      )}
    </PageContainer>
  );
}
