// /unsubscribe?token=: the unsubscribe link in every newsletter and alert mail. One click: the page
// unsubscribes as it opens, then offers the way back.
import { MailX } from 'lucide-react';
import { paths } from '@/config/paths';
import { MutationStatus } from '@/components/status/mutation-status';
import { StatusMessage } from '@/components/status/status-message';
import { PageContainer } from '@/components/ui/page';
import { ErrorState } from '@/components/ui/states';
import { useUnsubscribe } from '@/features/alerts/api';
import { useMailToken, useRunOnceWithToken } from '@/features/alerts/hooks/use-mail-link';
import { useDocumentTitle } from '@/lib/use-document-title';

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
      ) : (
        <MutationStatus mutation={unsubscribe} pendingLabel="Unsubscribing…" errorTitle="We could not unsubscribe you" onRetry={() => unsubscribe.mutate()}>
          {(done) => (
            <StatusMessage
              framed
              icon={<MailX aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}
              title="You're unsubscribed"
              actions={[
                { label: 'Changed your mind? Manage preferences', to: preferencesLink, variant: 'outline' },
                { label: 'Go to the home page', to: paths.home, variant: 'ghost' },
              ]}
            >
              <span className="font-medium text-foreground break-all">{done.email}</span>{' '}
              {done.kind === 'saved-search'
                ? `will not get emails for the saved search “${done.savedSearchName ?? ''}” any more.`
                : done.kind === 'alerts'
                  ? 'will not get alert emails any more.'
                  : 'will not get the Fundwire newsletter any more.'}
            </StatusMessage>
          )}
        </MutationStatus>
      )}
    </PageContainer>
  );
}
