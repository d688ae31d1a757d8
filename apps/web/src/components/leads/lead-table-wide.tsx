// The lead table on wide screens: a header row (sortable where the server sorts) over one row per lead, with a
// checkbox to select it and, where the screen gives them, its own buttons in a last column.
import { roundText } from '@fundwire/shared';
import { NewLeadBadge } from '@/components/leads/new-since';
import { formatLeadDate, formatRelativeDate } from '@/lib/format';
import { displayDomain } from '@/lib/leads/lead-links';
import { cn } from '@/lib/utils';
import { CompanyWebsite } from './company-website';
import { filedLocationTitle, fundingAmountText, LeadIndustryBadge, UNKNOWN_TEXT } from './lead-facts';
import { CompanyName, ContactsCell, leadRowData } from './lead-table-cells';
import { RowSelectBox, SelectAllBox } from './lead-table-selection';
import { SortHeader } from './lead-table-sort';
import type { LeadRowsView, TableLead } from './lead-table-types';

export function LeadTableWide<T extends TableLead>({
  leads,
  label,
  selection,
  sort,
  rowActions,
  actionsClassName,
  rowStatus,
  linkCompanies,
  compact,
  companyHistory,
  isNew,
}: LeadRowsView<T>) {
  const cell = compact ? 'px-3 py-1.5' : 'px-3 py-3';
  // A company's history wraps its words instead of cutting them; the leads table keeps one width per column.
  const clip = companyHistory ? 'break-words' : 'truncate';
  return (
    <div className="hidden overflow-hidden rounded-lg border border-border lg:block">
      <table aria-label={label} data-testid="lead-table" className={cn('w-full border-collapse text-sm', companyHistory ? 'table-auto' : 'table-fixed')}>
        <thead className="bg-muted/60 text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <SelectAllBox leads={leads} selection={selection} testId="select-all" />
            </th>
            {!companyHistory && (
              <th scope="col" className="w-[18%] px-3 py-2">
                Company
              </th>
            )}
            <SortHeader column="round" sort={sort} className={companyHistory ? undefined : 'w-[10%]'} />
            <SortHeader column="amount" sort={sort} className={companyHistory ? undefined : 'w-[12%]'} align="right" />
            <SortHeader column="date" sort={sort} className={companyHistory ? undefined : 'w-[11%]'} />
            <th scope="col" className={cn('px-3 py-2', !companyHistory && 'w-[12%]')}>
              Location
            </th>
            <th scope="col" className={cn('px-3 py-2', !companyHistory && 'w-[11%]')}>
              Industry
            </th>
            <th scope="col" className="px-3 py-2">
              Contacts
            </th>
            {rowActions && (
              <th scope="col" className={cn(actionsClassName, 'px-3 py-2')}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {leads.map((lead) => {
            const selected = selection.ids.has(lead.id);
            const fresh = isNew(lead);
            return (
              <tr
                key={lead.id}
                data-testid="lead-row"
                {...leadRowData(lead, fresh)}
                data-selected={selected || undefined}
                className="align-top transition-colors hover:bg-muted/40 data-selected:bg-primary-soft/50"
              >
                <td className={cell}>
                  <RowSelectBox lead={lead} selection={selection} />
                </td>
                {!companyHistory && (
                  <td className={cell}>
                    {compact ? (
                      <span className="flex min-w-0 items-center gap-1.5">
                        <span className="min-w-0 truncate" title={lead.domain ? displayDomain(lead.domain) : undefined}>
                          <CompanyName lead={lead} link={linkCompanies} />
                        </span>
                        {fresh && <NewLeadBadge />}
                        {rowStatus?.(lead)}
                      </span>
                    ) : (
                      <>
                        <CompanyName lead={lead} link={linkCompanies} />
                        {fresh && <NewLeadBadge className="ml-1.5 align-text-bottom" />}
                        <CompanyWebsite domain={lead.domain} domainSource={lead.domainSource} compact className="mt-0.5 flex text-xs" />
                        {rowStatus && <span className="mt-1 block empty:hidden">{rowStatus(lead)}</span>}
                      </>
                    )}
                  </td>
                )}
                <td data-testid="cell-round" className={cell}>
                  {/* A round's name ("Pre-Seed", "Series A") stays on one line; a long stated label wraps. */}
                  <span className={cn('block', clip, companyHistory && roundText(lead).length <= 16 && 'whitespace-nowrap')} title={lead.roundLabel ?? undefined}>
                    {roundText(lead)}
                  </span>
                  {companyHistory && fresh && <NewLeadBadge className="mt-1" />}
                  {companyHistory && rowStatus && <span className="mt-1 block empty:hidden">{rowStatus(lead)}</span>}
                </td>
                <td data-testid="cell-amount" className={cn(cell, 'text-right font-medium tabular-nums', companyHistory && 'whitespace-nowrap')}>
                  {fundingAmountText(lead.fundingAmount)}
                </td>
                <td data-testid="cell-date" className={cn(cell, 'tabular-nums', companyHistory && 'whitespace-nowrap')}>
                  <time dateTime={lead.fundingDate} title={formatRelativeDate(lead.fundingDate)}>
                    {formatLeadDate(lead.fundingDate)}
                  </time>
                </td>
                <td data-testid="cell-location" className={cell}>
                  <span className={cn('block', clip)} title={filedLocationTitle(lead)}>
                    {lead.location?.trim() || UNKNOWN_TEXT}
                  </span>
                </td>
                <td data-testid="cell-industry" className={cell}>
                  <LeadIndustryBadge industry={lead.industry} className={companyHistory ? 'max-w-none overflow-visible whitespace-normal' : 'max-w-full'} />
                </td>
                <td data-testid="cell-contacts" className={cell}>
                  {/* The company's contacts are listed beside its history: the count and first name are enough here. */}
                  <ContactsCell contacts={lead.contacts} layout={companyHistory ? 'name' : compact ? 'one-line' : 'two-lines'} />
                </td>
                {rowActions && (
                  <td className={compact ? 'px-2 py-0.5' : 'px-2 py-2'}>
                    <div className="flex justify-end gap-1">{rowActions(lead)}</div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
