// Leads as a table (subscribers' screens, company pages, the admin list): company with domain, round, amount,
// date, location, industry and contacts, one row each, with row selection and, where the server sorts, sortable
// date, amount and round headers. Below the lg breakpoint the same rows become a compact list, two lines per round.
// Rounds added since the user's previous visit (NewSinceContext) carry a New badge; a compact density fits one line
// per row; a company page shows its round history without the company column and without clipping.
import { roundText, type Lead } from '@fundwire/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { isNewSince, NewLeadBadge, useNewSince } from '@/components/leads/new-since';
import { Link } from 'react-router';
import { companyPath } from '@/config/paths';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatLeadDate, formatRelativeDate } from '@/lib/format';
import { displayDomain } from '@/lib/leads/lead-links';
import {
  ariaSortFor,
  nextSortForColumn,
  sortFromOptionValue,
  sortOptions,
  sortOptionValue,
  type LeadSortParams,
  type SortColumn,
} from '@/lib/leads/sort-params';
import type { LeadSelection } from '@/lib/leads/use-lead-selection';
import { cn } from '@/lib/utils';
import { CompanyWebsite } from './company-website';
import { filedLocationTitle, fundingAmountText, LeadIndustryBadge, UNKNOWN_TEXT } from './lead-facts';

export type TableLead = Pick<
  Lead,
  'id' | 'companyName' | 'domain' | 'domainSource' | 'companyId' | 'fundingRound' | 'roundLabel' | 'fundingAmount' | 'fundingDate' | 'location' | 'industry' | 'contacts'
> &
  Partial<Pick<Lead, 'filedLocation'>> &
  Partial<Pick<Lead, 'createdAt'>>;

/** Comfortable: two lines per row (domain, contact's role). Compact: one line per row, for more rows on screen. */
export type LeadTableDensity = 'comfortable' | 'compact';

export interface LeadTableSort {
  current: LeadSortParams;
  /** A search is on: the default order is relevance, not date. */
  searching: boolean;
  onChange: (next: LeadSortParams) => void;
}

export interface LeadTableProps<T extends TableLead> {
  leads: readonly T[];
  /** Names the table and the phone list, e.g. "Leads". */
  label: string;
  selection: LeadSelection;
  /** Server-side sorting; without it the headers are plain. */
  sort?: LeadTableSort;
  /** A new page or order is loading: the rows shown are the previous ones. */
  busy?: boolean;
  /** Per-row buttons (contacts, edit, delete), in a last column. */
  rowActions?: (lead: T) => ReactNode;
  /** The actions column's width class, for rows with more buttons (default w-20). */
  actionsClassName?: string;
  /** Beside the company's name (or under the round, in a company's history), e.g. "In HubSpot". */
  rowStatus?: (lead: T) => ReactNode;
  /** Link company names to their company page (not on the company page itself). */
  linkCompanies?: boolean;
  density?: LeadTableDensity;
  /** One company's round history: no company column (it would repeat on every row), and nothing clipped. */
  companyHistory?: boolean;
}

const SORT_LABELS: Record<SortColumn, string> = { date: 'Date', amount: 'Amount', round: 'Round' };

/** "3 · Robin Example, CEO": how many contacts, and the first one. */
export function contactsSummary(contacts: TableLead['contacts']): string {
  const first = contacts[0];
  if (!first) return 'None';
  const who = [first.name, first.role].filter((part) => part.trim() !== '').join(', ');
  return `${contacts.length} · ${who}`;
}

export function LeadTable<T extends TableLead>({
  leads,
  label,
  selection,
  sort,
  busy = false,
  rowActions,
  actionsClassName = 'w-20',
  rowStatus,
  linkCompanies = true,
  density = 'comfortable',
  companyHistory = false,
}: LeadTableProps<T>) {
  const newSince = useNewSince();
  const isNew = (lead: T) => lead.createdAt !== undefined && isNewSince({ createdAt: lead.createdAt }, newSince);
  const compact = density === 'compact' && !companyHistory;
  const cell = compact ? 'px-3 py-1.5' : 'px-3 py-3';
  // A company's history wraps its words instead of cutting them; the leads table keeps one width per column.
  const clip = companyHistory ? 'break-words' : 'truncate';
  const ids = leads.map((lead) => lead.id);
  const selectedCount = ids.filter((id) => selection.ids.has(id)).length;
  const allSelected = selectedCount > 0 && selectedCount === ids.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const selectAll = (checked: boolean) => selection.setMany(ids, checked);

  return (
    <div data-testid="lead-table-view" data-density={compact ? 'compact' : 'comfortable'} aria-busy={busy || undefined} className="min-w-0 transition-opacity aria-busy:opacity-60">
      {/* Wide screens: the table. */}
      <div className="hidden overflow-hidden rounded-lg border border-border lg:block">
        <table aria-label={label} data-testid="lead-table" className={cn('w-full border-collapse text-sm', companyHistory ? 'table-auto' : 'table-fixed')}>
          <thead className="bg-muted/60 text-left text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <SelectBox
                  label="Select all leads on screen"
                  checked={allSelected}
                  indeterminate={someSelected}
                  onChange={selectAll}
                  disabled={ids.length === 0}
                  testId="select-all"
                />
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
                  data-lead-id={lead.id}
                  data-selected={selected || undefined}
                  data-new={fresh || undefined}
                  className="align-top transition-colors hover:bg-muted/40 data-selected:bg-primary-soft/50"
                >
                  <td className={cell}>
                    <SelectBox label={`Select ${lead.companyName}`} checked={selected} onChange={(checked) => selection.toggle(lead.id, checked)} />
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

      {/* Phones and tablets: a compact list, two lines per round. */}
      <div className="lg:hidden">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <label className="inline-flex min-h-10 items-center gap-2 text-sm">
            <SelectBox
              label="Select all leads on screen"
              checked={allSelected}
              indeterminate={someSelected}
              onChange={selectAll}
              disabled={ids.length === 0}
              labelHidden={false}
            />
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
                data-lead-id={lead.id}
                data-new={fresh || undefined}
                className={cn('flex items-start gap-3 px-3 py-2.5', selected && 'bg-primary-soft/50')}
              >
                <div className="pt-0.5">
                  <SelectBox label={`Select ${lead.companyName}`} checked={selected} onChange={(checked) => selection.toggle(lead.id, checked)} />
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
    </div>
  );
}

/** "3 · Robin Example" over the first contact's role; "None" without contacts. */
/** two-lines: the role under the name; one-line: "3 · Name, Role" cut to the column; name: wrapped, without the role. */
function ContactsCell({ contacts, layout }: { contacts: TableLead['contacts']; layout: 'two-lines' | 'one-line' | 'name' }) {
  const first = contacts[0];
  if (!first) return <span className="text-muted-foreground">None</span>;
  const clip = layout === 'name' ? 'break-words' : 'truncate';
  return (
    <span title={contactsSummary(contacts)} className="block min-w-0">
      <span className={cn('block', clip)}>
        <span className="tabular-nums">{contacts.length}</span> · {first.name}
        {layout === 'one-line' && first.role && <span className="text-muted-foreground">, {first.role}</span>}
      </span>
      {layout === 'two-lines' && first.role && <span className={cn('block text-xs text-muted-foreground', clip)}>{first.role}</span>}
    </span>
  );
}

function CompanyName({ lead, link }: { lead: TableLead; link: boolean }) {
  return (
    <span data-testid="row-company" className="font-medium break-words">
      {link && lead.companyId ? (
        <Link to={companyPath(lead.companyId)} data-testid="lead-company-link" className="rounded-sm underline-offset-4 hover:text-primary hover:underline">
          {lead.companyName}
        </Link>
      ) : (
        lead.companyName
      )}
    </span>
  );
}

function SortHeader({
  column,
  sort,
  className,
  align = 'left',
}: {
  column: SortColumn;
  sort: LeadTableSort | undefined;
  className?: string;
  align?: 'left' | 'right';
}) {
  const label = SORT_LABELS[column];
  if (!sort) {
    return (
      <th scope="col" className={cn('px-3 py-2', align === 'right' && 'text-right', className)}>
        {label}
      </th>
    );
  }
  const state = ariaSortFor(sort.current, column, sort.searching);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={state} className={cn('px-1 py-1', className)}>
      <button
        type="button"
        data-testid={`sort-${column}`}
        onClick={() => sort.onChange(nextSortForColumn(sort.current, column, sort.searching))}
        className={cn(
          'inline-flex w-full items-center gap-1 rounded-sm px-2 py-1 text-xs font-medium hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
          align === 'right' && 'justify-end',
          state !== 'none' && 'text-foreground',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', state === 'none' && 'opacity-50')} />
      </button>
    </th>
  );
}

function SortPicker({ sort }: { sort: LeadTableSort }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-sm">
        Sort
      </Label>
      <Select
        id={id}
        className="w-52 max-w-full"
        value={sortOptionValue(sort.current, sort.searching)}
        onChange={(event) => sort.onChange(sortFromOptionValue(event.target.value, sort.searching))}
      >
        {sortOptions(sort.searching).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

interface SelectBoxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  indeterminate?: boolean;
  disabled?: boolean;
  /** Show the label beside the box (the phone's "select all") instead of only to screen readers. */
  labelHidden?: boolean;
  testId?: string;
}

/** A native checkbox (Space toggles it), with its "some selected" state set through the DOM. */
function SelectBox({ label, checked, onChange, indeterminate = false, disabled = false, labelHidden = true, testId }: SelectBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <>
      <input
        ref={ref}
        type="checkbox"
        data-testid={testId}
        aria-label={labelHidden ? label : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer accent-primary align-middle focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
      />
      {!labelHidden && <span>{label}</span>}
    </>
  );
}
