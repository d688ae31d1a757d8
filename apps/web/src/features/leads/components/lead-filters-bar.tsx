// Search and every lead filter: industries and rounds (several each), amount range, location, contacts, verified email and (on the
// historical page) the date range, preset or custom. Values come from and go to the URL (useLeadView). The active
// filters show as removable chips with Clear all; on a phone the panel folds behind a Filters button, and on wider
// screens a user may fold it to the line of chips (remembered per user) to see more leads.
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { DATE_RANGES } from '@/lib/leads/date-range';
import { storedChoiceKey, useStoredChoice } from '@/lib/leads/stored-choice';
import {
  activeFilters,
  CUSTOM_DATE_RANGE,
  hasActiveFilters,
  isRoundFilterValue,
  MAX_FILTER_VALUES,
  MAX_LOCATION_LENGTH,
  MAX_SEARCH_LENGTH,
  NEW_SINCE_FILTER_LABEL,
  ROUND_FILTER_VALUES,
  VERIFIED_EMAIL_FILTER_LABEL,
  type DateChoice,
} from '@/lib/leads/view-params';
import type { LeadView } from '../hooks/use-lead-view';
import { AmountInput, DateInput, FilterCheckbox, FilterField, FilterMultiSelect } from './filter-fields';

export interface LeadFiltersBarProps {
  view: LeadView;
  /** From the stats response; undefined while it loads. */
  industries: readonly string[] | undefined;
  /** The historical page: date presets and a custom from/to. The dashboard is always the last 7 days. */
  withDates?: boolean;
  /** The dashboard, once the previous visit is known: the "New since last visit" filter. */
  withNew?: boolean;
  /** Whose choice of showing or folding the filters is remembered. */
  userId?: string;
  className?: string;
}

const PANEL_STATES = ['shown', 'collapsed'] as const;

const ROUND_OPTIONS = ROUND_FILTER_VALUES.map((round) => ({ value: round, label: round }));
const DATE_CHOICES: readonly { value: DateChoice; label: string }[] = [...DATE_RANGES, { value: CUSTOM_DATE_RANGE, label: 'Custom range' }];
const AMOUNT_HINT = 'In dollars: 500000, 500k and 5M all work.';

/** What the amount boxes were read as, so "5" (dollars, not millions) is seen at once. */
function amountUnderstood(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `Understood as ${formatMoney(min)} to ${formatMoney(max)}.`;
  if (min !== null) return `Understood as at least ${formatMoney(min)}.`;
  if (max !== null) return `Understood as at most ${formatMoney(max)}.`;
  return '';
}

export function LeadFiltersBar({ view, industries, withDates = false, withNew = false, userId, className }: LeadFiltersBarProps) {
  const id = useId();
  const ids = {
    search: `${id}-search`,
    panel: `${id}-panel`,
    industry: `${id}-industry`,
    round: `${id}-round`,
    amountHelp: `${id}-amount-help`,
    minFunding: `${id}-min`,
    maxFunding: `${id}-max`,
    location: `${id}-location`,
    contacts: `${id}-contacts`,
    range: `${id}-range`,
    dateStart: `${id}-from`,
    dateEnd: `${id}-to`,
    dateHelp: `${id}-date-help`,
    newOnly: `${id}-new`,
    verified: `${id}-verified`,
  };
  // Phones open the panel for the moment; wider screens remember whether it is shown or folded to the chips.
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useStoredChoice(storedChoiceKey('lead-filters', userId), PANEL_STATES, 'shown');
  const collapsed = panel === 'collapsed';
  const { params, pendingParams, update } = view;
  const screen = { withDates, withNew };
  const chips = activeFilters(params, screen);
  const clearable = hasActiveFilters(params, screen) || view.searchText.trim() !== '';
  const chipCount = chips.length > 0 && (
    <span data-testid="active-filter-count" className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
      {chips.length}
      <span className="sr-only"> active</span>
    </span>
  );

  // A removed chip takes the focus with it: once it is gone, focus the chip now in its place (or the last one), or the
  // search box when none is left. Clear all does the same at once.
  const searchRef = useRef<HTMLInputElement>(null);
  const chipListRef = useRef<HTMLUListElement>(null);
  const removedChip = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const removed = removedChip.current;
    if (!removed || chips.some((chip) => chip.key === removed.key)) return;
    removedChip.current = null;
    const buttons = chipListRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(removed.index, buttons.length - 1)] ?? searchRef.current)?.focus();
  }, [chips]);

  // A shared link may name an industry the stats do not list (yet); keep it selectable.
  const industryNames = industries ?? [];
  const industryOptions = [...params.industry.filter((name) => !industryNames.includes(name)), ...industryNames].map((name) => ({ value: name, label: name }));

  const amountError =
    view.minFunding.invalid || view.maxFunding.invalid
      ? `Enter an amount such as 500000, 500k or 5M.`
      : pendingParams.minFunding !== null && pendingParams.maxFunding !== null && pendingParams.minFunding > pendingParams.maxFunding
        ? 'The minimum is above the maximum, so the amount filter is off.'
        : '';
  const dateError =
    view.dateStart.invalid || view.dateEnd.invalid
      ? 'Enter a full date.'
      : pendingParams.dateStart && pendingParams.dateEnd && pendingParams.dateStart > pendingParams.dateEnd
        ? 'From is after To, so the dates are not applied.'
        : '';

  return (
    <div role="search" aria-label="Filter leads" className={cn('grid gap-3', className)}>
      <div className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={ids.search}>Search</Label>
          <SearchInput
            ref={searchRef}
            id={ids.search}
            placeholder="Search companies..."
            maxLength={MAX_SEARCH_LENGTH}
            value={view.searchText}
            onChange={(event) => view.setSearchText(event.target.value)}
          />
        </div>
        <Button variant="outline" className="sm:hidden" aria-expanded={open} aria-controls={ids.panel} onClick={() => setOpen((value) => !value)}>
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {chipCount}
        </Button>
        <Button
          variant="outline"
          data-testid="filters-toggle"
          className="hidden sm:inline-flex"
          aria-expanded={!collapsed}
          aria-controls={ids.panel}
          onClick={() => setPanel(collapsed ? 'shown' : 'collapsed')}
        >
          <SlidersHorizontal aria-hidden="true" />
          {collapsed ? 'Show filters' : 'Hide filters'}
          {collapsed && chipCount}
          <ChevronDown aria-hidden="true" className={cn('transition-transform', !collapsed && 'rotate-180')} />
        </Button>
      </div>

      <div
        id={ids.panel}
        data-testid="filter-panel"
        className={cn('gap-3 sm:grid-cols-2 lg:grid-cols-3', open ? 'grid' : 'hidden', collapsed ? 'sm:hidden' : 'sm:grid')}
      >
        {withNew && (
          <FilterCheckbox
            id={ids.newOnly}
            heading="Show"
            label={NEW_SINCE_FILTER_LABEL}
            checked={params.newOnly}
            onChange={(newOnly) => update({ newOnly })}
          />
        )}

        <FilterMultiSelect
          id={ids.industry}
          label="Industry"
          title="Industries"
          placeholder="All industries"
          options={industryOptions}
          selected={params.industry}
          max={MAX_FILTER_VALUES}
          emptyText={industries ? 'No industries yet' : 'Loading industries…'}
          onChange={(industry) => update({ industry })}
        />

        <FilterMultiSelect
          id={ids.round}
          label="Round"
          title="Rounds"
          placeholder="All rounds"
          options={ROUND_OPTIONS}
          selected={params.fundingRound}
          onChange={(rounds) => update({ fundingRound: rounds.filter(isRoundFilterValue) })}
        />

        <fieldset className="grid min-w-0 content-start gap-1.5">
          <legend className="mb-1.5 text-sm leading-none font-medium">Amount (USD)</legend>
          <div className="grid grid-cols-2 gap-2">
            <AmountInput id={ids.minFunding} label="Minimum amount" placeholder="Min, e.g. 500k" field={view.minFunding} helpId={ids.amountHelp} />
            <AmountInput id={ids.maxFunding} label="Maximum amount" placeholder="Max, e.g. 5M" field={view.maxFunding} helpId={ids.amountHelp} />
          </div>
          <p id={ids.amountHelp} aria-live="polite" className={cn('text-xs', amountError ? 'text-destructive' : 'text-muted-foreground')}>
            {amountError || amountUnderstood(pendingParams.minFunding, pendingParams.maxFunding) || AMOUNT_HINT}
          </p>
        </fieldset>

        <FilterField label="Location" htmlFor={ids.location}>
          <Input
            id={ids.location}
            placeholder="City, state or country"
            autoComplete="off"
            maxLength={MAX_LOCATION_LENGTH}
            value={view.location.text}
            onChange={(event) => view.location.setText(event.target.value)}
          />
        </FilterField>

        <FilterField label="Contacts" htmlFor={ids.contacts}>
          <Select
            id={ids.contacts}
            value={params.hasContacts === null ? '' : String(params.hasContacts)}
            onChange={(event) => update({ hasContacts: event.target.value === 'true' ? true : event.target.value === 'false' ? false : null })}
          >
            <option value="">Any</option>
            <option value="true">Has contacts</option>
            <option value="false">No contacts</option>
          </Select>
        </FilterField>

        <FilterCheckbox
          id={ids.verified}
          heading="Email"
          label={VERIFIED_EMAIL_FILTER_LABEL}
          checked={params.verifiedEmail}
          onChange={(verifiedEmail) => update({ verifiedEmail })}
          testId="verified-email-filter"
        />

        {withDates && (
          <FilterField label="Date range" htmlFor={ids.range}>
            <Select
              id={ids.range}
              value={params.range}
              onChange={(event) => {
                const choice = DATE_CHOICES.find((option) => option.value === event.target.value);
                if (choice) update({ range: choice.value });
              }}
            >
              {DATE_CHOICES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FilterField>
        )}

        {withDates && params.range === CUSTOM_DATE_RANGE && (
          <fieldset className="grid min-w-0 content-start gap-1.5">
            <legend className="mb-1.5 text-sm leading-none font-medium">Funding dates</legend>
            <div className="grid grid-cols-2 gap-2">
              <DateInput id={ids.dateStart} label="From" field={view.dateStart} helpId={dateError ? ids.dateHelp : undefined} max={pendingParams.dateEnd || undefined} />
              <DateInput id={ids.dateEnd} label="To" field={view.dateEnd} helpId={dateError ? ids.dateHelp : undefined} min={pendingParams.dateStart || undefined} />
            </div>
            <p id={ids.dateHelp} aria-live="polite" className="text-xs text-destructive">
              {dateError}
            </p>
          </fieldset>
        )}
      </div>

      {(chips.length > 0 || clearable) && (
        <div className="flex flex-wrap items-center gap-2">
          {chips.length > 0 && (
            <ul ref={chipListRef} aria-label="Active filters" className="flex min-w-0 flex-wrap gap-2">
              {chips.map((chip, index) => (
                <li key={chip.key} className="min-w-0">
                  <button
                    type="button"
                    data-testid="filter-chip"
                    aria-label={`Remove filter ${chip.label}`}
                    onClick={() => {
                      removedChip.current = { key: chip.key, index };
                      update(chip.remove);
                    }}
                    className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-1 pr-2 pl-3 text-xs font-medium text-primary hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <span className="truncate">{chip.label}</span>
                    <X aria-hidden="true" className="size-3.5 shrink-0" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {clearable && (
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                view.clearFilters();
                searchRef.current?.focus();
              }}
            >
              Clear all
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
