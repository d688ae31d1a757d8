// A saved search's filter (packages/shared saved-searches.ts) and the lead screens' URL filters (lib/leads/view-params):
// the current view as a filter to save, a saved filter as the /historical URL that opens it, and the filter in words.
import { RECENT_DAYS, type SavedSearchFilter } from '@fundwire/shared';
import { subDays } from 'date-fns';
import { formatLeadDate, formatMoney } from '@/lib/format';
import { toCalendarDay, type DateRangeKey } from '@/lib/leads/date-range';
import {
  amountBounds,
  customDateBounds,
  CUSTOM_DATE_RANGE,
  normaliseSearch,
  VERIFIED_EMAIL_FILTER_LABEL,
  writeLeadViewParams,
  type LeadViewParams,
} from '@/lib/leads/view-params';

/** The historical presets that are rolling windows, as days (6 months and a year rounded to whole days). */
const PRESET_DAYS: Record<Exclude<DateRangeKey, 'all'>, number> = { '7d': RECENT_DAYS, '30d': 30, '90d': 90, '6m': 183, '1y': 365 };

/** The filters a screen shows, as the saved-search API takes them. The dashboard is always the last 7 days. */
export function savedFilterFromView(view: LeadViewParams, screen: 'dashboard' | 'historical'): SavedSearchFilter {
  const filter: SavedSearchFilter = {};
  if (view.industry.length > 0) filter.industry = [...view.industry];
  if (view.fundingRound.length > 0) filter.fundingRound = [...view.fundingRound];
  const { minFunding, maxFunding } = amountBounds(view);
  if (minFunding !== undefined) filter.minFunding = minFunding;
  if (maxFunding !== undefined) filter.maxFunding = maxFunding;
  if (view.location) filter.location = view.location;
  const q = normaliseSearch(view.q);
  if (q) filter.q = q;
  if (view.hasContacts !== null) filter.hasContacts = view.hasContacts;
  if (view.verifiedEmail) filter.emailStatus = 'verified';
  if (screen === 'dashboard') filter.lastDays = RECENT_DAYS;
  else if (view.range === CUSTOM_DATE_RANGE) {
    const { dateStart, dateEnd } = customDateBounds(view);
    if (dateStart) filter.dateStart = dateStart;
    if (dateEnd) filter.dateEnd = dateEnd;
  } else if (view.range !== 'all') filter.lastDays = PRESET_DAYS[view.range];
  return filter;
}

/** The /historical query string that shows a saved filter: a rolling window as its preset, or as dates from `today`. */
export function savedFilterSearchParams(filter: SavedSearchFilter, today: Date): URLSearchParams {
  const patch: Partial<LeadViewParams> = {
    q: filter.q ?? '',
    industry: filter.industry ?? [],
    fundingRound: (filter.fundingRound ?? []) as LeadViewParams['fundingRound'],
    minFunding: filter.minFunding ?? null,
    maxFunding: filter.maxFunding ?? null,
    location: filter.location ?? '',
    hasContacts: filter.hasContacts ?? null,
    verifiedEmail: filter.emailStatus === 'verified',
  };
  const preset = (Object.entries(PRESET_DAYS) as [Exclude<DateRangeKey, 'all'>, number][]).find(([, days]) => days === filter.lastDays)?.[0];
  if (preset) patch.range = preset;
  else if (filter.lastDays !== undefined || filter.dateStart || filter.dateEnd) {
    patch.range = CUSTOM_DATE_RANGE;
    const windowStart = filter.lastDays !== undefined ? toCalendarDay(subDays(today, filter.lastDays - 1)) : '';
    // A window inside fixed dates starts at the later of the two.
    patch.dateStart = [windowStart, filter.dateStart ?? ''].sort().at(-1) ?? '';
    patch.dateEnd = filter.dateEnd ?? '';
  }
  return writeLeadViewParams(new URLSearchParams(), patch);
}

/** One part of a saved filter, as an Edit dialog chip shows it, with the filter without it. */
export interface SavedFilterChip {
  key: string;
  label: string;
  without: SavedSearchFilter;
}

function omit(filter: SavedSearchFilter, key: keyof SavedSearchFilter): SavedSearchFilter {
  const { [key]: _removed, ...rest } = filter;
  return rest;
}

export function windowLabel(days: number): string {
  if (days === 183) return 'Last 6 months';
  if (days === 365) return 'Last year';
  return days === 1 ? 'Today' : `Last ${days} days`;
}

export function savedFilterChips(filter: SavedSearchFilter): SavedFilterChip[] {
  const chips: SavedFilterChip[] = [];
  if (filter.q) chips.push({ key: 'q', label: `Search: “${filter.q}”`, without: omit(filter, 'q') });
  for (const name of filter.industry ?? []) {
    const rest = (filter.industry ?? []).filter((other) => other !== name);
    chips.push({ key: `industry:${name}`, label: `Industry: ${name}`, without: rest.length ? { ...filter, industry: rest } : omit(filter, 'industry') });
  }
  for (const round of filter.fundingRound ?? []) {
    const rest = (filter.fundingRound ?? []).filter((other) => other !== round);
    chips.push({ key: `round:${round}`, label: `Round: ${round}`, without: rest.length ? { ...filter, fundingRound: rest } : omit(filter, 'fundingRound') });
  }
  if (filter.minFunding !== undefined) chips.push({ key: 'minFunding', label: `Min: ${formatMoney(filter.minFunding)}`, without: omit(filter, 'minFunding') });
  if (filter.maxFunding !== undefined) chips.push({ key: 'maxFunding', label: `Max: ${formatMoney(filter.maxFunding)}`, without: omit(filter, 'maxFunding') });
  if (filter.location) chips.push({ key: 'location', label: `Location: ${filter.location}`, without: omit(filter, 'location') });
  if (filter.hasContacts !== undefined)
    chips.push({ key: 'hasContacts', label: filter.hasContacts ? 'Has contacts' : 'No contacts', without: omit(filter, 'hasContacts') });
  if (filter.emailStatus === 'verified') chips.push({ key: 'emailStatus', label: VERIFIED_EMAIL_FILTER_LABEL, without: omit(filter, 'emailStatus') });
  if (filter.lastDays !== undefined) chips.push({ key: 'lastDays', label: `Date: ${windowLabel(filter.lastDays)}`, without: omit(filter, 'lastDays') });
  if (filter.dateStart) chips.push({ key: 'dateStart', label: `From: ${formatLeadDate(filter.dateStart)}`, without: omit(filter, 'dateStart') });
  if (filter.dateEnd) chips.push({ key: 'dateEnd', label: `To: ${formatLeadDate(filter.dateEnd)}`, without: omit(filter, 'dateEnd') });
  return chips;
}

function list(items: readonly string[], joiner: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1) ?? ''}`;
}

/** The filter in words: "Seed or Series A rounds in Fintech, $5,000,000 to $20,000,000, in Europe, with contacts, matching “ai”, last 30 days". */
export function describeSavedFilter(filter: SavedSearchFilter): string {
  const rounds = filter.fundingRound?.length ? `${list(filter.fundingRound, 'or')} rounds` : 'Every round';
  const parts = [filter.industry?.length ? `${rounds} in ${list(filter.industry, 'or')}` : rounds];
  const { minFunding: min, maxFunding: max } = filter;
  if (min !== undefined && max !== undefined) parts.push(`${formatMoney(min)} to ${formatMoney(max)}`);
  else if (min !== undefined) parts.push(`at least ${formatMoney(min)}`);
  else if (max !== undefined) parts.push(`at most ${formatMoney(max)}`);
  if (filter.location) parts.push(`in ${filter.location}`);
  if (filter.hasContacts !== undefined) parts.push(filter.hasContacts ? 'with contacts' : 'without contacts');
  if (filter.emailStatus === 'verified') parts.push('with a verified email');
  if (filter.q) parts.push(`matching “${filter.q}”`);
  if (filter.lastDays !== undefined) parts.push(windowLabel(filter.lastDays).toLowerCase());
  if (filter.dateStart && filter.dateEnd) parts.push(`funded ${formatLeadDate(filter.dateStart)} to ${formatLeadDate(filter.dateEnd)}`);
  else if (filter.dateStart) parts.push(`funded from ${formatLeadDate(filter.dateStart)}`);
  else if (filter.dateEnd) parts.push(`funded until ${formatLeadDate(filter.dateEnd)}`);
  return parts.join(', ');
}

/** A mail's link params without savedSearch, its lastDays as the archive's date params (a preset or dates from `today`). */
export function openSavedSearchLink(params: URLSearchParams, today: Date): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('savedSearch');
  const lastDays = Number(next.get('lastDays'));
  next.delete('lastDays');
  if (!Number.isInteger(lastDays) || lastDays < 1 || lastDays > 365) return next;
  const window = savedFilterSearchParams({ lastDays, dateStart: next.get('dateStart') || undefined, dateEnd: next.get('dateEnd') || undefined }, today);
  for (const key of ['range', 'dateStart', 'dateEnd']) {
    next.delete(key);
    const value = window.get(key);
    if (value) next.set(key, value);
  }
  return next;
}
