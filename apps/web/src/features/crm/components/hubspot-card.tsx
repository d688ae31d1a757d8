// /integrations' HubSpot card: Connect (through HubSpot's own authorize page), the connected portal, Reconnect when
// HubSpot refused the refreshed token, Disconnect; and why it cannot be connected when this installation has no app.
import type { Integrations } from '@fundwire/shared';
import { CircleCheck, Plug, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { HUBSPOT_CONNECT_URL } from '../api';
import { DisconnectCrmButton } from './disconnect-crm-button';
import { IntegrationCard } from './integration-card';

export function HubSpotCard({ hubspot }: { hubspot: Integrations['hubspot'] }) {
  const portal = [hubspot.accountName, hubspot.portalId && hubspot.portalId !== hubspot.accountName ? `portal ${hubspot.portalId}` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <IntegrationCard
      crm="hubspot"
      description="Companies, their contacts and a note per funding round, in your HubSpot portal. You sign in to HubSpot and choose the portal; Fundwire never sees your password."
    >
      {!hubspot.available ? (
        <p data-testid="hubspot-unavailable" className="text-sm text-muted-foreground">
          HubSpot is not available on this Fundwire installation yet: its administrator has to register a HubSpot app first (see the README). Pipedrive works
          without it.
        </p>
      ) : hubspot.connected && hubspot.needsReconnect ? (
        <>
          <p role="alert" data-testid="hubspot-reconnect" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              HubSpot no longer accepts Fundwire&apos;s access
              {portal ? ` to ${portal}` : ''}. Sending is paused until you connect again; nothing was lost.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={HUBSPOT_CONNECT_URL}>
                <Plug aria-hidden="true" />
                Reconnect HubSpot
              </a>
            </Button>
            <DisconnectCrmButton crm="hubspot" />
          </div>
        </>
      ) : hubspot.connected ? (
        <>
          <p data-testid="hubspot-connected" className="flex min-w-0 items-start gap-2 text-sm">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span className="min-w-0 break-words">
              Connected to <span className="font-medium">{portal || 'your HubSpot portal'}</span>
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <DisconnectCrmButton crm="hubspot" />
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={HUBSPOT_CONNECT_URL} data-testid="hubspot-connect">
              <Plug aria-hidden="true" />
              Connect HubSpot
            </a>
          </Button>
        </div>
      )}
    </IntegrationCard>
  );
}
