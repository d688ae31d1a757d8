// The lead table below the lg breakpoint: a compact list, two lines per lead (the company and amount, then the
// facts), with the select-all box and the Sort select above it.
import { roundText } from '@fundwire/shared';
import { NewLeadBadge } from '@/components/leads/new-since';
import { formatLeadDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CompanyWebsite } from './company-website';
import { fundingAmountText, UNKNOWN_TEXT } from './lead-facts';
import { CompanyName, leadRowData } from './lead-table-cells';
import { RowSelectBox, SelectAllBox } from './lead-table-selection';
import { SortPicker } from './lead-table-sort';
import type { LeadRowsView, TableLead } from './lead-table-types';

export function LeadTableList<T extends TableLead>({
  leads,
  label,
  selection,
  sort,
  rowActions,
  rowStatus,
  linkCompanies,
  companyHistory,
  isNew,
}: LeadRowsView<T>) {
  return (
    <div className="lg:hidden">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
          <SelectAllBox leads={leads} selection={selection} labelHidden={false} />
        </label>
        {sort && <SortPicker sort={sort} />}
      </div>
      <ul aria-label={label} data-testid="lead-list" className="divide-y divide-border rounded-lg border border-border">
        {leads.map((lead) => {
          const selected = selection.ids.has(lead.id);
          const fresh = isNew(lead);
          const place = lead.location?.trim() || UNKNOWN_TEXT;
          const contactCount = `${lead.contacts.length} ${lead.contacts.length === 1 ? 'contact' : 'contacts'}`;
          return (
            <li
              key={lead.id}
              data-testid="lead-list-item"
              {...leadRowData(lead, fresh)}
              className={cn('flex items-start gap-3 px-3 py-2.5', selected && 'bg-primary-soft/50')}
            >
              <div className="pt-0.5">
                <RowSelectBox lead={lead} selection={selection} />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <div className="flex min-w-0 items-baseline justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-1.5">
                    {companyHistory ? (
                      <span data-testid="cell-round" className="min-w-0 font-medium break-words" title={lead.roundLabel ?? undefined}>
                        {roundText(lead)}
                      </span>
                    ) : (
                      <span className="min-w-0 truncate">
                        <CompanyName lead={lead} link={linkCompanies} />
                      </span>
                    )}
                    {!companyHistory && <CompanyWebsite domain={lead.domain} domainSource={lead.domainSource} icon className="-my-1" />}
                    {fresh && <NewLeadBadge />}
                    {/* Beside the name: a row stays two lines (the company and amount, then the facts). */}
                    {rowStatus?.(lead)}
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">{fundingAmountText(lead.fundingAmount)}</span>
                </div>
                {companyHistory ? (
                  <p className="text-xs break-words text-muted-foreground">
                    <time dateTime={lead.fundingDate}>{formatLeadDate(lead.fundingDate)}</time> · <span data-testid="cell-location">{place}</span> ·{' '}
                    <span data-testid="cell-industry">{lead.industry?.trim() || UNKNOWN_TEXT}</span> · {contactCount}
                  </p>
                ) : (
                  <p className="truncate text-xs text-muted-foreground">
                    {roundText(lead)} · <time dateTime={lead.fundingDate}>{formatLeadDate(lead.fundingDate)}</time> · {place} · {contactCount}
                  </p>
                )}
              </div>
              {rowActions && <div className="-my-1 flex shrink-0 items-center gap-1">{rowActions(lead)}</div>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
