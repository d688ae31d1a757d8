// A company's page body: its facts, its funding rounds (newest first, as a timeline or a table) and its contacts.
import type { CompanyResponse, Lead } from '@fundwire/shared';
import { MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LeadExtras } from '@/components/leads/lead-extras';
import { LeadSelectionBar } from '@/components/leads/lead-selection-bar';
import { LeadTable } from '@/components/leads/lead-table';
import { LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { useLeadSelection } from '@/lib/leads/use-lead-selection';
import type { LeadViewMode } from '@/lib/leads/view-mode';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatExactDate, formatLeadDate, formatMoney, formatRelativeDate } from '@/lib/format';
import { CompanyWebsite } from '@/components/leads/company-website';
import { LinkedInSearchLink } from '@/components/leads/linkedin-search-link';
import { ContactRow } from './contact-row';
import { fundingAmountText, LeadIndustryBadge, UNKNOWN_TEXT } from '@/components/leads/lead-facts';
import { LeadProvenance } from '@/components/leads/lead-provenance';

export interface CompanyProfileProps {
  data: CompanyResponse;
  /** The rounds as a timeline ('cards') or a table. */
  view: LeadViewMode;
  onViewChange: (view: LeadViewMode) => void;
  /** Under the company's name, e.g. Send to HubSpot and "In HubSpot". */
  headerActions?: ReactNode;
  /** What the screen adds to each round and to the selection. */
  extras?: LeadExtras;
}

export function CompanyProfile({ data, view, onViewChange, headerActions, extras }: CompanyProfileProps) {
  const { company, rounds, contacts } = data;
  const selection = useLeadSelection();
  const latest = rounds[0];
  return (
    <div data-testid="company-profile">
      <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{company.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <CompanyWebsite domain={company.domain} domainSource={company.domainSource} />
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">Location: </span>
              {company.location ?? UNKNOWN_TEXT}
            </span>
            {company.phone && (
              <span data-testid="company-phone" className="inline-flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">Phone: </span>
                <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
                  {company.phone}
                </a>
              </span>
            )}
            <LinkedInSearchLink company={company.name} />
          </div>
          {company.address && (
            <p data-testid="company-address" className="mt-1 text-sm break-words text-muted-foreground">
              <span className="sr-only">Business address: </span>
              {company.address}
            </p>
          )}
          {headerActions && <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">{headerActions}</div>}
        </div>
        <LeadIndustryBadge industry={company.industry ?? ''} className="self-start" />
      </div>

      <dl data-testid="company-facts" className="mb-10 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Fact label="Funding rounds" value={String(company.roundCount)} />
        <Fact label="Disclosed funding" value={company.totalFunding > 0 ? formatMoney(company.totalFunding) : 'Undisclosed'} />
        <Fact label="Latest round" value={latest ? formatExactDate(latest.fundingDate) : '—'} />
        {company.cik && <Fact label="SEC CIK" value={company.cik} />}
      </dl>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section aria-labelledby="company-rounds-heading" className="lg:col-span-2">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="company-rounds-heading" className="text-lg font-semibold">
              Funding rounds
            </h2>
            {rounds.length > 0 && <LeadViewToggle value={view} onChange={onViewChange} />}
          </div>
          {rounds.length === 0 ? (
            <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">No rounds are listed yet.</p>
          ) : view === 'table' ? (
            <>
              <LeadTable
                leads={rounds}
                label="Funding rounds, newest first"
                selection={selection}
                linkCompanies={false}
                companyHistory
                rowStatus={extras?.status}
                rowActions={extras?.actions ? (round) => extras.actions?.(round, 'row') : undefined}
              />
              <LeadSelectionBar leads={rounds} selection={selection} actions={extras?.selectionActions} />
            </>
          ) : (
            <ol aria-label="Funding rounds, newest first" className="relative space-y-6 border-l border-border pl-6">
              {rounds.map((round) => (
                <RoundItem key={round.id} round={round} status={extras?.status?.(round)} />
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="company-contacts-heading">
          <h2 id="company-contacts-heading" className="mb-4 text-lg font-semibold">
            Contacts
          </h2>
          {contacts.length === 0 ? (
            <p data-testid="no-contacts" className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              No contacts are listed for {company.name} yet.
            </p>
          ) : (
            <ul aria-label="Contacts" className="divide-y divide-border rounded-md border border-border">
              {contacts.map((contact) => (
                <ContactRow key={contact.id} contact={contact} companyName={company.name} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums break-words">{value}</dd>
    </Card>
  );
}

function RoundItem({ round, status }: { round: Lead; status?: ReactNode }) {
  return (
    <li data-testid="company-round" data-lead-id={round.id} className="relative">
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.85rem] size-3 rounded-full border-2 border-background bg-primary" />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <time dateTime={round.fundingDate} title={formatRelativeDate(round.fundingDate)} className="text-sm font-medium">
          {formatLeadDate(round.fundingDate)}
        </time>
        <Badge variant="secondary">{round.fundingRound}</Badge>
        <span data-testid="round-amount" className="font-semibold tabular-nums">
          {fundingAmountText(round.fundingAmount)}
        </span>
        {status}
      </div>
      {round.description && <p className="mt-1 text-sm text-muted-foreground">{round.description}</p>}
      <LeadProvenance lead={round} className="mt-2" />
    </li>
  );
}

/** The page's shape while it loads; the status text is for screen readers. */
export function CompanyProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="company-loading">
      <span className="sr-only">Loading company…</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-3 h-4 w-48" />
      <div className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <div className="mt-10 space-y-6">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    </div>
  );
}
