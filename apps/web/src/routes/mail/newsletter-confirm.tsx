// /newsletter/confirm?token=: the double opt-in link from the confirmation mail.
import { CheckCircle2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { MutationStatus } from '@/components/status/mutation-status';
import { StatusMessage } from '@/components/status/status-message';
import { PageContainer } from '@/components/ui/page';
import { ErrorState } from '@/components/ui/states';
import { useConfirmSubscription } from '@/features/alerts/api';
import { useMailToken, useRunOnceWithToken } from '@/features/alerts/hooks/use-mail-link';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NewsletterConfirmRoute() {
  useDocumentTitle('Confirm your subscription');
  const token = useMailToken();
  const confirm = useConfirmSubscription();
  useRunOnceWithToken(token, confirm.mutate);

  return (
    <PageContainer className="max-w-xl">
      {token === '' ? (
        <ErrorState title="This link is incomplete" message="Open the link from the confirmation email again, or subscribe once more from the home page." />
      ) : (
        <MutationStatus mutation={confirm} pendingLabel="Confirming your subscription…" errorTitle="We could not confirm your subscription" onRetry={() => confirm.mutate(token)}>
          {({ email }) => (
            <StatusMessage
              framed
              icon={<CheckCircle2 aria-hidden="true" className="mb-3 size-10 text-emerald-600" />}
              title="You're subscribed"
              actions={[
                { label: "See this week's free leads", to: paths.freeLeads },
                { label: 'Get the contacts too', to: paths.pricing, variant: 'outline' },
              ]}
            >
              <span className="font-medium text-foreground break-all">{email}</span> will get the Fundwire newsletter every Monday at 9:00 AM.
            </StatusMessage>
          )}
        </MutationStatus>
      )}
    </PageContainer>
  );
}
