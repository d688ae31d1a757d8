// The lead screens keep their filters in the URL, with the API's names (?q=&industry=&industry=&fundingRound=
// &minFunding=&maxFunding=&dateStart=&dateEnd=&location=&hasContacts=&emailStatus=verified, the historical page's range preset and the
// dashboard's new=1, "new since last visit"), so a
// shared link or a reload shows the same view. These read and write those params, and turn them into the API's lead
// filter. A value the server would refuse is ignored on the way in and never sent.
import { FUNDING_ROUNDS, isoDateSchema, MAX_FILTER_VALUES, UNDISCLOSED, type LeadFilter } from '@fundwire/shared';
import { formatLeadDate, formatMoney } from '@/lib/format';
import { dateRangeBounds, DATE_RANGES, DEFAULT_DATE_RANGE, isDateRangeKey, recentLeadsStart, type DateRangeKey } from '@/lib/leads/date-range';

/** The server's limits (leadFilterSchema): longer values would be rejected with a 400. */
export const MAX_SEARCH_LENGTH = 200;
export const MAX_INDUSTRY_LENGTH = 100;
export const MAX_LOCATION_LENGTH = 100;
/** How many industries (and rounds) one filter may name. */
export { MAX_FILTER_VALUES };

/** The round filter's choices: the six rounds and Undisclosed (no stated round), in round order. */
export const ROUND_FILTER_VALUES = [...FUNDING_ROUNDS, UNDISCLOSED] as const;
export type RoundFilterValue = (typeof ROUND_FILTER_VALUES)[number];

export function isRoundFilterValue(value: unknown): value is RoundFilterValue {
  return ROUND_FILTER_VALUES.some((round) => round === value);
}

/** The API's lead filter as the web app sends it: every field optional, arrays for the repeatable ones. */
export interface LeadQueryFilter {
  industry?: string[];
  fundingRound?: RoundFilterValue[];
  minFunding?: number;
  maxFunding?: number;
  dateStart?: string;
  dateEnd?: string;
  location?: string;
  hasContacts?: boolean;
  /** Only leads with at least one verified email. */
  emailStatus?: 'verified';
  /** Only leads added after this moment (ISO timestamp): the previous visit, when the dashboard's new=1 is on. */
  addedAfter?: string;
  q?: string;
}
// What the web app sends, the server must accept: each field has the parsed filter's type.
type Assignable<T extends U, U> = T;
export type _LeadQueryFilterFitsTheApi = Assignable<Required<LeadQueryFilter>, Required<Pick<LeadFilter, keyof LeadQueryFilter>>>;

/** The historical page's date choice: a preset window ending today, or a custom from/to (dateStart/dateEnd). */
export type DateChoice = DateRangeKey | 'custom';
export const CUSTOM_DATE_RANGE = 'custom' satisfies DateChoice;

export interface LeadViewParams {
  /** Search text, trimmed; '' for none. */
  q: string;
  /** Industry names; [] for all industries. */
  industry: string[];
  /** Rounds, in round order; [] for every round. */
  fundingRound: RoundFilterValue[];
  /** Whole dollars; null for no bound. */
  minFunding: number | null;
  maxFunding: number | null;
  /** Historical date choice; the dashboard ignores it and the dates. */
  range: DateChoice;
  /** A custom range's first and last day (YYYY-MM-DD); '' for open. Only used when range is 'custom'. */
  dateStart: string;
  dateEnd: string;
  /** Location text, trimmed; '' for anywhere. */
  location: string;
  /** true: at least one contact; false: none; null: either. */
  hasContacts: boolean | null;
  /** Only leads with at least one verified email (`emailStatus=verified`). */
  verifiedEmail: boolean;
  /** Only the rounds added since the previous visit (the dashboard's `new=1`; the server's `addedAfter`). */
  newOnly: boolean;
}

export const EMPTY_LEAD_VIEW: LeadViewParams = {
  q: '',
  industry: [],
  fundingRound: [],
  minFunding: null,
  maxFunding: null,
  range: DEFAULT_DATE_RANGE,
  dateStart: '',
  dateEnd: '',
  location: '',
  hasContacts: null,
  verifiedEmail: false,
  newOnly: false,
};

/** Search text as the server will match it: trimmed and within its length limit. */
export function normaliseSearch(value: string): string {
  return value.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

export function normaliseLocation(value: string): string {
  return value.trim().slice(0, MAX_LOCATION_LENGTH).trim();
}

// Amount fields read and show amounts one way everywhere (packages/shared amount.ts).
export { formatAmountInput, parseAmount } from '@fundwire/shared';

/** A URL amount: digits only, as the API takes them. */
function readAmount(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const amount = Number(value.trim());
  return Number.isSafeInteger(amount) ? amount : null;
}

/** A calendar day the API accepts (its own check: YYYY-MM-DD, a real date, not year 0000), or ''. */
export function readCalendarDay(value: string | null): string {
  const day = (value ?? '').trim();
  return isoDateSchema.safeParse(day).success ? day : '';
}

function readList(params: URLSearchParams, key: string): string[] {
  const values: string[] = [];
  for (const raw of params.getAll(key)) {
    const value = raw.trim();
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}

export function readLeadViewParams(params: URLSearchParams): LeadViewParams {
  const range = params.get('range');
  const dateStart = readCalendarDay(params.get('dateStart'));
  const dateEnd = readCalendarDay(params.get('dateEnd'));
  const hasContacts = params.get('hasContacts');
  const rounds = readList(params, 'fundingRound').filter(isRoundFilterValue);
  return {
    q: normaliseSearch(params.get('q') ?? ''),
    industry: readList(params, 'industry')
      .filter((name) => name.length <= MAX_INDUSTRY_LENGTH)
      .slice(0, MAX_FILTER_VALUES),
    fundingRound: ROUND_FILTER_VALUES.filter((round) => rounds.includes(round)),
    minFunding: readAmount(params.get('minFunding')),
    maxFunding: readAmount(params.get('maxFunding')),
    // A date in the URL is a custom range, whatever preset is named beside it.
    range: dateStart || dateEnd || range === CUSTOM_DATE_RANGE ? CUSTOM_DATE_RANGE : isDateRangeKey(range) ? range : DEFAULT_DATE_RANGE,
    dateStart,
    dateEnd,
    location: normaliseLocation(params.get('location') ?? ''),
    hasContacts: hasContacts === 'true' ? true : hasContacts === 'false' ? false : null,
    verifiedEmail: params.get('emailStatus') === VERIFIED,
    newOnly: params.get('new') === '1',
  };
}

/**
 * A copy of `params` with `patch` applied. Empty and default values are removed, so the plain
 * view has a clean URL; params that are not ours (sort, dir, utm_…) are kept.
 */
export function writeLeadViewParams(params: URLSearchParams, patch: Partial<LeadViewParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.q !== undefined) setOrDelete(next, 'q', normaliseSearch(patch.q));
  if (patch.industry !== undefined) setList(next, 'industry', patch.industry.map((name) => name.trim()).slice(0, MAX_FILTER_VALUES));
  if (patch.fundingRound !== undefined)
    setList(
      next,
      'fundingRound',
      ROUND_FILTER_VALUES.filter((round) => patch.fundingRound?.includes(round)),
    );
  if (patch.minFunding !== undefined) setOrDelete(next, 'minFunding', patch.minFunding === null ? '' : String(patch.minFunding));
  if (patch.maxFunding !== undefined) setOrDelete(next, 'maxFunding', patch.maxFunding === null ? '' : String(patch.maxFunding));
  if (patch.range !== undefined) {
    setOrDelete(next, 'range', patch.range === DEFAULT_DATE_RANGE ? '' : patch.range);
    // A preset replaces a custom range's dates.
    if (patch.range !== CUSTOM_DATE_RANGE) {
      next.delete('dateStart');
      next.delete('dateEnd');
    }
  }
  if (patch.dateStart !== undefined) setOrDelete(next, 'dateStart', readCalendarDay(patch.dateStart));
  if (patch.dateEnd !== undefined) setOrDelete(next, 'dateEnd', readCalendarDay(patch.dateEnd));
  if (patch.location !== undefined) setOrDelete(next, 'location', normaliseLocation(patch.location));
  if (patch.hasContacts !== undefined) setOrDelete(next, 'hasContacts', patch.hasContacts === null ? '' : String(patch.hasContacts));
  if (patch.verifiedEmail !== undefined) setOrDelete(next, 'emailStatus', patch.verifiedEmail ? VERIFIED : '');
  if (patch.newOnly !== undefined) setOrDelete(next, 'new', patch.newOnly ? '1' : '');
  return next;
}

function setOrDelete(params: URLSearchParams, key: string, value: string): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

function setList(params: URLSearchParams, key: string, values: readonly string[]): void {
  params.delete(key);
  for (const value of values) if (value && !params.getAll(key).includes(value)) params.append(key, value);
}

/** Every filter cleared: the patch Clear all writes. */
export const CLEARED_LEAD_VIEW: Partial<LeadViewParams> = { ...EMPTY_LEAD_VIEW };

/** One active filter, as a removable chip shows it. */
export interface ActiveFilter {
  /** Stable and unique among the chips. */
  key: string;
  label: string;
  /** The patch that removes just this filter. */
  remove: Partial<LeadViewParams>;
}

export interface ScreenFilters {
  /** The historical page's dates. */
  withDates: boolean;
  /** The dashboard's "New since last visit" (only once a previous visit is known). */
  withNew?: boolean;
}

/** The label of the verified-email filter, as its chip and its switch read. */
export const VERIFIED_EMAIL_FILTER_LABEL = 'Verified email only';
const VERIFIED = 'verified';

/** The label of the "new since last visit" filter, as its chip and its switch read. */
export const NEW_SINCE_FILTER_LABEL = 'New since last visit';

/** The filters the view applies besides the search, in panel order; the dates only where the screen has them. */
export function activeFilters(view: LeadViewParams, { withDates, withNew = false }: ScreenFilters): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (withNew && view.newOnly) chips.push({ key: 'new', label: NEW_SINCE_FILTER_LABEL, remove: { newOnly: false } });
  for (const name of view.industry) {
    chips.push({ key: `industry:${name}`, label: `Industry: ${name}`, remove: { industry: view.industry.filter((other) => other !== name) } });
  }
  for (const round of view.fundingRound) {
    chips.push({ key: `round:${round}`, label: `Round: ${round}`, remove: { fundingRound: view.fundingRound.filter((other) => other !== round) } });
  }
  if (view.minFunding !== null) chips.push({ key: 'minFunding', label: `Min: ${formatMoney(view.minFunding)}`, remove: { minFunding: null } });
  if (view.maxFunding !== null) chips.push({ key: 'maxFunding', label: `Max: ${formatMoney(view.maxFunding)}`, remove: { maxFunding: null } });
  if (withDates && view.range === CUSTOM_DATE_RANGE) {
    if (view.dateStart) chips.push({ key: 'dateStart', label: `From: ${formatLeadDate(view.dateStart)}`, remove: { dateStart: '' } });
    if (view.dateEnd) chips.push({ key: 'dateEnd', label: `To: ${formatLeadDate(view.dateEnd)}`, remove: { dateEnd: '' } });
  } else if (withDates && view.range !== DEFAULT_DATE_RANGE) {
    const label = DATE_RANGES.find((range) => range.value === view.range)?.label ?? view.range;
    chips.push({ key: 'range', label: `Date: ${label}`, remove: { range: DEFAULT_DATE_RANGE } });
  }
  if (view.location) chips.push({ key: 'location', label: `Location: ${view.location}`, remove: { location: '' } });
  if (view.hasContacts !== null) chips.push({ key: 'hasContacts', label: view.hasContacts ? 'Has contacts' : 'No contacts', remove: { hasContacts: null } });
  if (view.verifiedEmail) chips.push({ key: 'verifiedEmail', label: VERIFIED_EMAIL_FILTER_LABEL, remove: { verifiedEmail: false } });
  return chips;
}

/** Whether the view narrows the list in any way the user chose (and so can be cleared). */
export function hasActiveFilters(view: LeadViewParams, screen: ScreenFilters): boolean {
  return view.q !== '' || activeFilters(view, screen).length > 0;
}

/** A min/max pair the server would refuse (min above max) is not sent; each bound alone is. */
export function amountBounds(view: Pick<LeadViewParams, 'minFunding' | 'maxFunding'>): Pick<LeadQueryFilter, 'minFunding' | 'maxFunding'> {
  const { minFunding, maxFunding } = view;
  if (minFunding !== null && maxFunding !== null && minFunding > maxFunding) return {};
  return { minFunding: minFunding ?? undefined, maxFunding: maxFunding ?? undefined };
}

/** A custom range's bounds; a start after the end is not sent. */
export function customDateBounds(view: Pick<LeadViewParams, 'dateStart' | 'dateEnd'>): Pick<LeadQueryFilter, 'dateStart' | 'dateEnd'> {
  const { dateStart, dateEnd } = view;
  if (dateStart && dateEnd && dateStart > dateEnd) return {};
  return { dateStart: dateStart || undefined, dateEnd: dateEnd || undefined };
}

/** Everything but the dates. */
function baseFilter(view: LeadViewParams): LeadQueryFilter {
  return {
    industry: view.industry,
    fundingRound: view.fundingRound,
    ...amountBounds(view),
    location: view.location,
    hasContacts: view.hasContacts ?? undefined,
    emailStatus: view.verifiedEmail ? VERIFIED : undefined,
    q: normaliseSearch(view.q),
  };
}

/** The dashboard's API filter: always the last 7 days, plus every other filter. */
export function recentLeadFilter(view: LeadViewParams, today: Date): LeadQueryFilter {
  return compactFilter({ ...baseFilter(view), dateStart: recentLeadsStart(today) });
}

/** The historical page's API filter: every filter, with the chosen preset window or custom dates. */
export function historicalLeadFilter(view: LeadViewParams, today: Date): LeadQueryFilter {
  const dates = view.range === CUSTOM_DATE_RANGE ? customDateBounds(view) : dateRangeBounds(view.range, today);
  return compactFilter({ ...baseFilter(view), ...dates });
}

/** Drops empty values (and empty lists) so equal filters make equal query keys and URLs. */
export function compactFilter(filter: LeadQueryFilter): LeadQueryFilter {
  const compact: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    compact[key] = value;
  }
  return compact as LeadQueryFilter;
}

/** The API query string for a filter, in a fixed order (lists as repeated params), with the page (a number or the previous
 * response's cursor) and limit when given. */
export function leadFilterQueryString(filter: LeadQueryFilter, paging?: { page: number; limit: number } | { cursor: string | null; limit: number }): string {
  const params = new URLSearchParams();
  if (paging) {
    if ('page' in paging) params.set('page', String(paging.page));
    else if (paging.cursor !== null) params.set('cursor', paging.cursor);
    params.set('limit', String(paging.limit));
  }
  const compact = compactFilter(filter);
  for (const key of FILTER_KEYS) {
    const value = compact[key];
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

const FILTER_KEYS = [
  'industry',
  'fundingRound',
  'minFunding',
  'maxFunding',
  'dateStart',
  'dateEnd',
  'location',
  'hasContacts',
  'emailStatus',
  'addedAfter',
  'q',
] as const satisfies readonly (keyof LeadQueryFilter)[];
