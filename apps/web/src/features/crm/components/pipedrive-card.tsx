// /integrations' Pipedrive card: paste the personal API token (checked by the server against Pipedrive), the
// connected company, Disconnect; and a fresh token when Pipedrive stopped accepting the one we had.
import { zodResolver } from '@hookform/resolvers/zod';
import { pipedriveConnectBodySchema, type Integrations, type PipedriveConnectBody } from '@fundwire/shared';
import { CircleCheck, Plug, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormInput } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { toast } from '@/components/ui/toaster';
import { useConnectPipedrive } from '../api';
import { DisconnectCrmButton } from './disconnect-crm-button';
import { IntegrationCard } from './integration-card';

export function PipedriveCard({ pipedrive }: { pipedrive: Integrations['pipedrive'] }) {
  return (
    <IntegrationCard
      crm="pipedrive"
      description="Organizations, their people and a note per funding round, in your Pipedrive company. Connect with your personal API token."
    >
      {pipedrive.connected && !pipedrive.needsReconnect ? (
        <>
          <p data-testid="pipedrive-connected" className="flex min-w-0 items-start gap-2 text-sm">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span className="min-w-0 break-words">
              Connected to <span className="font-medium">{pipedrive.accountName ?? 'your Pipedrive company'}</span>
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <DisconnectCrmButton crm="pipedrive" />
          </div>
        </>
      ) : (
        <>
          {pipedrive.connected && (
            <p role="alert" data-testid="pipedrive-reconnect" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Pipedrive no longer accepts the token you gave. Sending is paused: paste a new token to go on.
            </p>
          )}
          <PipedriveTokenForm reconnect={pipedrive.connected} />
          {pipedrive.connected && (
            <div>
              <DisconnectCrmButton crm="pipedrive" />
            </div>
          )}
        </>
      )}
    </IntegrationCard>
  );
}

function PipedriveTokenForm({ reconnect }: { reconnect: boolean }) {
  const connect = useConnectPipedrive();
  const form = useForm<PipedriveConnectBody>({
    resolver: zodResolver(pipedriveConnectBodySchema),
    defaultValues: { apiToken: '' },
  });
  const onSubmit = form.handleSubmit(({ apiToken }) =>
    connect.mutate(apiToken, {
      onSuccess: (integrations) => {
        form.reset();
        toast.success(`Pipedrive connected${integrations.pipedrive.accountName ? ` to ${integrations.pipedrive.accountName}` : ''}`);
      },
      // Pipedrive's refusal (400) belongs to the field; anything else is a toast the user can retry after.
      onError: (error) => form.setError('apiToken', { message: error.message }, { shouldFocus: true }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Connect Pipedrive">
      <FormInput
        form={form}
        name="apiToken"
        label="Pipedrive API token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint="In Pipedrive: your profile picture, Personal preferences, then the API tab. The token is stored encrypted and never shown again."
      />
      <div>
        <SubmitButton busy={connect.isPending} busyLabel="Checking the token…" spinner icon={<Plug aria-hidden="true" />}>
          {reconnect ? 'Reconnect Pipedrive' : 'Connect Pipedrive'}
        </SubmitButton>
      </div>
    </form>
  );
}
