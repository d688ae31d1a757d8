// "Send to HubSpot / Pipedrive" for one lead (a card, a table row), a company's rounds, or a table selection. One
// connected CRM is one button; two are a menu. With none connected, the larger places link to /integrations.
import { CRM_LABELS, type Crm } from '@fundwire/shared';
import { ChevronDown, Plug, Send } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { selectionProblem, sendLabel } from '../crm-display';
import { useCrmScreen } from './crm-provider';

export interface SendToCrmProps {
  leadIds: readonly string[];
  /** Whose leads these are, for the buttons' names: "Send Acme to HubSpot". */
  subject: string;
  /** row: an icon button in a table row; card and page: a full button; selection: "Send 12 to HubSpot" in the bar. */
  place: 'row' | 'card' | 'page' | 'selection';
  className?: string;
}

export function SendToCrm({ leadIds, subject, place, className }: SendToCrmProps) {
  const crm = useCrmScreen();
  if (!crm || crm.loading) return null;
  if (crm.sendable.length === 0) {
    // A row stays quiet; the card, the page and the selection bar say where to connect one.
    if (place === 'row') return null;
    const reconnect = crm.needsReconnect[0];
    return (
      // On a phone the selection bar keeps to its own buttons: a taller bar would cover the rows it sticks over.
      <Button asChild variant="outline" size={place === 'selection' ? 'sm' : 'default'} className={cn(place === 'selection' && 'max-sm:hidden', className)}>
        <Link to={paths.integrations} data-testid="crm-connect-link">
          <Plug aria-hidden="true" />
          {reconnect ? `Reconnect ${CRM_LABELS[reconnect]}` : 'Connect a CRM'}
        </Link>
      </Button>
    );
  }

  const count = place === 'selection' ? leadIds.length : undefined;
  const problem = place === 'selection' ? selectionProblem(leadIds.length) : null;
  const disabled = crm.starting || problem !== null;
  const labelFor = (target: Crm) => (count === undefined ? sendLabel(target) : sendLabel(target, count));
  const nameFor = (target: Crm) => (place === 'selection' ? labelFor(target) : `Send ${subject} to ${CRM_LABELS[target]}`);
  const size = place === 'row' ? 'icon' : place === 'selection' ? 'sm' : 'default';
  const variant = place === 'row' ? 'ghost' : 'outline';
  const rowSize = place === 'row' ? 'size-8' : undefined;

  if (crm.sendable.length === 1) {
    const target = crm.sendable[0] as Crm;
    return (
      <Button
        variant={variant}
        size={size}
        className={cn(rowSize, className)}
        disabled={disabled}
        aria-busy={crm.starting || undefined}
        aria-label={place === 'row' ? nameFor(target) : undefined}
        title={problem ?? (place === 'row' ? nameFor(target) : undefined)}
        data-testid="crm-send"
        onClick={() => crm.send(target, leadIds)}
      >
        <Send aria-hidden="true" />
        {place !== 'row' && (place === 'selection' ? labelFor(target) : sendLabel(target))}
        {place !== 'row' && place !== 'selection' && <span className="sr-only"> ({subject})</span>}
      </Button>
    );
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant={variant}
          size={size}
          className={cn(rowSize, className)}
          disabled={disabled}
          title={problem ?? undefined}
          aria-label={place === 'row' ? `Send ${subject} to a CRM` : undefined}
          data-testid="crm-send"
        >
          <Send aria-hidden="true" />
          {place !== 'row' && (count === undefined ? 'Send to CRM' : `Send ${count} to CRM`)}
          {place !== 'row' && <ChevronDown aria-hidden="true" />}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-md border border-border bg-background p-1 shadow-lg">
          {crm.sendable.map((target) => (
            <DropdownMenu.Item
              key={target}
              onSelect={() => crm.send(target, leadIds)}
              className="flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent"
            >
              {labelFor(target)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
