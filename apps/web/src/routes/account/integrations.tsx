// /integrations (issue 32): the subscriber's HubSpot and Pipedrive connections, which leads are sent to. Any signed-in
// user may open it; without an active subscription it says that sending to a CRM needs one (the server's own rule).
import { CircleAlert, CircleCheck, Lock, X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { Card } from '@/components/ui/card';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { canViewLeads } from '@/features/auth/access';
import { useMe } from '@/features/auth/api';
import { useIntegrations } from '@/features/crm/api';
import { HubSpotCard } from '@/features/crm/components/hubspot-card';
import { PipedriveCard } from '@/features/crm/components/pipedrive-card';
import { useConnectionReturn, type ConnectionNotice } from '@/features/crm/hooks/use-connection-return';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/use-document-title';

const DESCRIPTION = 'Send leads to your CRM in one click: the company, its contacts and a note per round, never twice.';

export function IntegrationsRoute() {
  useDocumentTitle('Integrations');
  const me = useMe();
  const subscribed = canViewLeads(me.data);
  return (
    <PageContainer>
      <PageHeader title="Integrations" description={DESCRIPTION} />
      {me.data && !subscribed ? <IntegrationsLocked /> : <IntegrationList />}
    </PageContainer>
  );
}

function IntegrationsLocked() {
  return (
    <EmptyState
      icon={<Lock />}
      title="Sending leads to a CRM needs an active subscription"
      description="Subscribe to connect HubSpot or Pipedrive, send leads there from any list or company page, and have saved searches send their new matches by themselves."
      action={<ButtonLink to={paths.pricing}>Choose a plan</ButtonLink>}
    />
  );
}

function IntegrationList() {
  const integrations = useIntegrations();
  const [notice, dismiss] = useConnectionReturn();
  return (
    <div className="grid gap-6">
      {notice && <ReturnNotice notice={notice} onDismiss={dismiss} />}
      {integrations.isPending ? (
        <PageSpinner label="Loading your integrations…" />
      ) : integrations.isError ? (
        <ErrorState
          title="Error loading your integrations"
          message={integrations.error.message}
          onRetry={() => void integrations.refetch()}
          retrying={integrations.isFetching}
        />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <HubSpotCard hubspot={integrations.data.hubspot} />
          <PipedriveCard pipedrive={integrations.data.pipedrive} />
        </div>
      )}
      <Card className="grid gap-2 p-6 text-sm">
        <h2 className="text-base font-semibold">What is sent</h2>
        <p className="text-muted-foreground">
          Choose Send on a lead card, a table row, a company page or a selection of up to 500 leads. Each lead becomes its company (found by domain or name
          first, else created), its contacts (found by email or name first) and one note for the round, with its amount, date and source. Sending a lead again
          adds nothing twice. A saved search can also send its new matches by itself: choose the CRM in its alert settings on{' '}
          <Link to={paths.searches} className="font-medium text-primary underline-offset-4 hover:underline">
            Saved Searches
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}

function ReturnNotice({ notice, onDismiss }: { notice: ConnectionNotice; onDismiss: () => void }) {
  const failed = notice.kind === 'error';
  const Icon = failed ? CircleAlert : CircleCheck;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      data-testid="integration-notice"
      className={cn(
        'flex items-start gap-2 rounded-md border p-3 text-sm',
        failed ? 'border-red-200 bg-red-50 text-red-900' : 'border-green-200 bg-green-50 text-green-900',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">{failed ? `HubSpot was not connected: ${notice.message}` : notice.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded-sm p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
