import type { Lead } from '@fundwire/shared';
import { History, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { companyPath } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CompanyWebsite } from '@/components/leads/company-website';
import { LinkedInSearchLink } from '@/components/leads/linkedin-search-link';
import { earlierRoundsText } from '../company-links';
import { LeadProvenance } from '@/components/leads/lead-provenance';
import { ContactsDialog } from './contacts-dialog';
import { LeadDate } from '@/components/leads/lead-date';
import { NewLeadBadge, useIsNewLead } from '@/components/leads/new-since';
import { LeadCardFacts, LeadIndustryBadge } from '@/components/leads/lead-facts';

/** The tag imported Fundraising Fox rounds carry; their licence (CC BY 4.0) asks for attribution. */

export interface LeadCardProps {
  lead: Lead;
  /** The contacts button's words, before the count: "View Contacts" (dashboard) or "View Details" (historical). */
  actionLabel: string;
  /** Beside the date line, e.g. "In HubSpot". */
  status?: ReactNode;
  /** Under the contacts button, e.g. Send to HubSpot. */
  actions?: ReactNode;
}

/** A subscriber's lead: company, website, industry, when and how much it raised, and its contacts. */
export function LeadCard({ lead, actionLabel, status, actions }: LeadCardProps) {
  const titleId = `lead-${lead.id}-name`;
  const earlier = earlierRoundsText(lead.earlierRounds);
  const isNew = useIsNewLead(lead);
  return (
    <Card data-testid="lead-card" data-lead-id={lead.id} aria-labelledby={titleId} role="article" className="h-full p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold leading-snug break-words">
            {lead.companyId ? (
              <Link
                to={companyPath(lead.companyId)}
                data-testid="lead-company-link"
                className="rounded-sm underline-offset-4 hover:text-primary hover:underline"
              >
                {lead.companyName}
              </Link>
            ) : (
              lead.companyName
            )}
          </h3>
          <CompanyWebsite domain={lead.domain} domainSource={lead.domainSource} className="mt-0.5 text-sm" />
        </div>
        <LeadIndustryBadge industry={lead.industry} className="mt-0.5 max-w-[45%]" />
      </div>

      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        {isNew && <NewLeadBadge />}
        <LeadDate date={lead.fundingDate} />
        {status}
        {earlier && (
          <span data-testid="lead-earlier-rounds" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <History aria-hidden="true" className="size-4 shrink-0" />
            {earlier}
          </span>
        )}
      </div>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-muted-foreground">{lead.description}</p>

      <LeadCardFacts lead={lead} />

      <LeadProvenance lead={lead} className="mt-3" />
      <div className="mt-2 text-xs">
        <LinkedInSearchLink company={lead.companyName} />
      </div>

      <ContactsDialog
        lead={lead}
        trigger={
          <Button variant="outline" className="mt-5 w-full">
            <Users aria-hidden="true" />
            {`${actionLabel} (${lead.contacts.length})`}
          </Button>
        }
      />
      {actions && <div className="mt-2 grid empty:hidden [&>*]:w-full">{actions}</div>}
    </Card>
  );
}
