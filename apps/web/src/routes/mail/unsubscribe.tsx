// /unsubscribe?token=: the unsubscribe link in every newsletter and alert mail. One click: the page
// unsubscribes as it opens, then offers the way back.
import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContainer } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useUnsubscribe } from '@/features/alerts/api';
import { useMailToken, useRunOnceWithToken } from '@/features/alerts/hooks/use-mail-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isRetryable } from '@/lib/api-client';

export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const token = useMailToken();
  const unsubscribe = useUnsubscribe(token);
  // One click: opening the link unsubscribes.
  useRunOnceWithToken(token, () => unsubscribe.mutate());

  const preferencesLink = `${paths.emailPreferences}?token=${encodeURIComponent(token)}`;
  return (
    <PageContainer className="max-w-xl">
      {token === '' ? (
        <ErrorState title="This link is incomplete" message="Open the unsubscribe link from the email again." />
      ) : unsubscribe.isSuccess ? (
        <Card className="items-center p-8 text-center">
          <MailX aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />
          <h1 className="text-2xl font-semibold">You're unsubscribed</h1>
          <p className="mt-2 text-muted-foreground">
            <span className="font-medium text-foreground break-all">{unsubscribe.data.email}</span>{' '}
            {unsubscribe.data.kind === 'saved-search'
              ? `will not get emails for the saved search “${unsubscribe.data.savedSearchName ?? ''}” any more.`
              : unsubscribe.data.kind === 'alerts'
                ? 'will not get alert emails any more.'
                : 'will not get the Fundwire newsletter any more.'}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link to={preferencesLink}>Changed your mind? Manage preferences</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.home}>Go to the home page</Link>
            </Button>
          </div>
        </Card>
      ) : unsubscribe.isError ? (
        <ErrorState
          title="We could not unsubscribe you"
          message={unsubscribe.error.message}
          onRetry={isRetryable(unsubscribe.error) ? () => unsubscribe.mutate() : undefined}
          retrying={unsubscribe.isPending}
        />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label="Unsubscribing…" showLabel />
        </div>
      )}
    </PageContainer>
  );
}
