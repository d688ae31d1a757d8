// One lead in the admin grid: what identifies it at a glance, where it came from, which fields were edited
// by hand (imports leave those alone), and its Edit and Delete buttons.
import { EDITABLE_LEAD_FIELDS, roundText, type EditableLeadField } from '@fundwire/shared';
import { ExternalLink, MapPin, PenLine, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LeadProvenance } from '@/components/leads/lead-provenance';
import { fundingAmountText, LeadIndustryBadge, UNKNOWN_TEXT } from '@/components/leads/lead-facts';
import { LeadDate } from '@/components/leads/lead-date';
import { displayDomain, externalHref } from '@/lib/leads/lead-links';
import { AdminLeadActions, type AdminLeadActionsProps } from './admin-lead-actions';
import { leadSourceLabel } from './source-labels';

const FIELD_LABELS: Record<EditableLeadField, string> = {
  companyName: 'name',
  domain: 'domain',
  industry: 'industry',
  fundingAmount: 'amount',
  fundingRound: 'round',
  location: 'location',
  fundingDate: 'date',
  description: 'description',
  tags: 'tags',
  contacts: 'contacts',
};

/** The lead and its buttons' handlers and state, as for AdminLeadActions. */
export type AdminLeadCardProps = AdminLeadActionsProps;

export function AdminLeadCard(props: AdminLeadCardProps) {
  const { lead, deleting } = props;
  const titleId = `admin-lead-${lead.id}-name`;
  const website = externalHref(lead.domain);
  const domain = displayDomain(lead.domain);
  const contactCount = lead.contacts.length;

  return (
    <Card
      data-testid="admin-lead-card"
      data-lead-id={lead.id}
      role="article"
      aria-labelledby={titleId}
      aria-busy={deleting || undefined}
      className="h-full gap-3 p-5 aria-busy:opacity-60"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold leading-snug break-words">
            {lead.companyName}
          </h3>
          {website ? (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline"
            >
              <span className="truncate">{domain}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="block truncate text-sm text-muted-foreground">{domain || 'No domain'}</span>
          )}
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <AdminLeadActions {...props} size="card" />
        </div>
      </div>

      <p data-testid="admin-lead-amount" className="font-semibold tabular-nums">
        {fundingAmountText(lead.fundingAmount)}
        <span className="text-muted-foreground"> · </span>
        {roundText(lead)}
        {lead.roundLabel && <span className="font-normal text-muted-foreground"> ({lead.roundLabel})</span>}
      </p>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
        <LeadIndustryBadge industry={lead.industry} className="max-w-full" />
        <LeadDate date={lead.fundingDate} />
      </div>

      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border pt-3 text-sm text-muted-foreground">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Location: </span>
          <span className="truncate">{lead.location?.trim() || UNKNOWN_TEXT}</span>
        </span>
        <span data-testid="admin-lead-contacts" className="inline-flex items-center gap-1.5 tabular-nums">
          <Users aria-hidden="true" className="size-4 shrink-0" />
          {contactCount} {contactCount === 1 ? 'contact' : 'contacts'}
        </span>
      </div>

      <LeadProvenance lead={lead} />
      <p data-testid="admin-lead-source" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span>
          Source: <span className="font-medium text-foreground">{leadSourceLabel(lead.source)}</span>
          {lead.sourceId && <span className="font-mono"> {lead.sourceId}</span>}
        </span>
        {lead.editedFields.length > 0 && (
          <span data-testid="admin-lead-edited" title="Imports never overwrite fields edited by hand" className="inline-flex flex-wrap items-center gap-1">
            <PenLine aria-hidden="true" className="size-3" />
            Edited by hand: {EDITABLE_LEAD_FIELDS.filter((field) => lead.editedFields.includes(field)).map((field) => FIELD_LABELS[field]).join(', ')}
          </span>
        )}
      </p>
    </Card>
  );
}
