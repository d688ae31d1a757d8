// Leads as a table (subscribers' screens, company pages, the admin list): company with domain, round, amount,
// date, location, industry and contacts, one row each, with row selection and, where the server sorts, sortable
// date, amount and round headers. Below the lg breakpoint the same rows become a compact list, two lines per round.
import { roundText, type Lead } from '@fundwire/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
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
import { fundingAmountText, LeadIndustryBadge, UNKNOWN_TEXT } from './lead-facts';

export type TableLead = Pick<
  Lead,
  'id' | 'companyName' | 'domain' | 'companyId' | 'fundingRound' | 'roundLabel' | 'fundingAmount' | 'fundingDate' | 'location' | 'industry' | 'contacts'
>;

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
  /** Link company names to their company page (not on the company page itself). */
  linkCompanies?: boolean;
}

const SORT_LABELS: Record<SortColumn, string> = { date: 'Date', amount: 'Amount', round: 'Round' };

/** "3 · Robin Example, CEO": how many contacts, and the first one. */
export function contactsSummary(contacts: TableLead['contacts']): string {
  const first = contacts[0];
  if (!first) return 'None';
  const who = [first.name, first.role].filter((part) => part.trim() !== '').join(', ');
  return `${contacts.length} · ${who}`;
}

export function LeadTable<T extends TableLead>({ leads, label, selection, sort, busy = false, rowActions, linkCompanies = true }: LeadTableProps<T>) {
  const ids = leads.map((lead) => lead.id);
  const selectedCount = ids.filter((id) => selection.ids.has(id)).length;
  const allSelected = selectedCount > 0 && selectedCount === ids.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const selectAll = (checked: boolean) => selection.setMany(ids, checked);

  return (
    <div data-testid="lead-table-view" aria-busy={busy || undefined} className="min-w-0 transition-opacity aria-busy:opacity-60">
      {/* Wide screens: the table. */}
      <div className="hidden overflow-hidden rounded-lg border border-border lg:block">
        <table aria-label={label} data-testid="lead-table" className="w-full table-fixed border-collapse text-sm">
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
              <th scope="col" className="w-[18%] px-3 py-2">
                Company
              </th>
              <SortHeader column="round" sort={sort} className="w-[10%]" />
              <SortHeader column="amount" sort={sort} className="w-[12%]" align="right" />
              <SortHeader column="date" sort={sort} className="w-[11%]" />
              <th scope="col" className="w-[12%] px-3 py-2">
                Location
              </th>
              <th scope="col" className="w-[11%] px-3 py-2">
                Industry
              </th>
              <th scope="col" className="px-3 py-2">
                Contacts
              </th>
              {rowActions && (
                <th scope="col" className="w-20 px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {leads.map((lead) => {
              const selected = selection.ids.has(lead.id);
              return (
                <tr
                  key={lead.id}
                  data-testid="lead-row"
                  data-lead-id={lead.id}
                  data-selected={selected || undefined}
                  className="align-top transition-colors hover:bg-muted/40 data-selected:bg-primary-soft/50"
                >
                  <td className="px-3 py-3">
                    <SelectBox label={`Select ${lead.companyName}`} checked={selected} onChange={(checked) => selection.toggle(lead.id, checked)} />
                  </td>
                  <td className="px-3 py-3">
                    <CompanyName lead={lead} link={linkCompanies} />
                    {lead.domain && <span className="block truncate text-xs text-muted-foreground">{displayDomain(lead.domain)}</span>}
                  </td>
                  <td data-testid="cell-round" className="px-3 py-3">
                    <span className="block truncate" title={lead.roundLabel ?? undefined}>
                      {roundText(lead)}
                    </span>
                  </td>
                  <td data-testid="cell-amount" className="px-3 py-3 text-right font-medium tabular-nums">
                    {fundingAmountText(lead.fundingAmount)}
                  </td>
                  <td data-testid="cell-date" className="px-3 py-3 tabular-nums">
                    <time dateTime={lead.fundingDate} title={formatRelativeDate(lead.fundingDate)}>
                      {formatLeadDate(lead.fundingDate)}
                    </time>
                  </td>
                  <td className="px-3 py-3">
                    <span className="block truncate">{lead.location?.trim() || UNKNOWN_TEXT}</span>
                  </td>
                  <td className="px-3 py-3">
                    <LeadIndustryBadge industry={lead.industry} className="max-w-full" />
                  </td>
                  <td data-testid="cell-contacts" className="px-3 py-3">
                    <ContactsCell contacts={lead.contacts} />
                  </td>
                  {rowActions && (
                    <td className="px-2 py-2">
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
            return (
              <li
                key={lead.id}
                data-testid="lead-list-item"
                data-lead-id={lead.id}
                className={cn('flex items-start gap-3 px-3 py-2.5', selected && 'bg-primary-soft/50')}
              >
                <div className="pt-0.5">
                  <SelectBox label={`Select ${lead.companyName}`} checked={selected} onChange={(checked) => selection.toggle(lead.id, checked)} />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <div className="flex min-w-0 items-baseline justify-between gap-2">
                    <span className="min-w-0 truncate">
                      <CompanyName lead={lead} link={linkCompanies} />
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{fundingAmountText(lead.fundingAmount)}</span>
                  </div>
                  <p className="truncate text-xs text-muted-foreground">
                    {roundText(lead)} · <time dateTime={lead.fundingDate}>{formatLeadDate(lead.fundingDate)}</time> · {lead.location?.trim() || UNKNOWN_TEXT} ·{' '}
                    {lead.contacts.length} {lead.contacts.length === 1 ? 'contact' : 'contacts'}
                  </p>
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
function ContactsCell({ contacts }: { contacts: TableLead['contacts'] }) {
  const first = contacts[0];
  if (!first) return <span className="text-muted-foreground">None</span>;
  return (
    <span title={contactsSummary(contacts)} className="block min-w-0">
      <span className="block truncate">
        <span className="tabular-nums">{contacts.length}</span> · {first.name}
      </span>
      {first.role && <span className="block truncate text-xs text-muted-foreground">{first.role}</span>}
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
