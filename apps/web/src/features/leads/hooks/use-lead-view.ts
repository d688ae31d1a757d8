// The lead screens' filters, kept in the URL. Typed values (search, location, amounts, custom dates) are held
// locally as the user types and written to the URL (and so to the server query) once typing pauses; the
// choices (industries, rounds, contacts, date preset) are written at once.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CLEARED_LEAD_VIEW,
  CUSTOM_DATE_RANGE,
  formatAmountInput,
  normaliseLocation,
  normaliseSearch,
  parseAmount,
  readCalendarDay,
  readLeadViewParams,
  writeLeadViewParams,
  type LeadViewParams,
} from '@/lib/leads/view-params';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

/** How long typing must pause before the search (or another typed filter) goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A typed filter: the box's text, ahead of the URL while the user types. */
export interface DraftField {
  text: string;
  setText: (text: string) => void;
  /** The text is not a value the filter takes (e.g. "abc" as an amount); the URL keeps its last good value. */
  invalid: boolean;
}

export interface LeadView {
  /** The filters as the URL has them: what the server query uses. */
  params: LeadViewParams;
  /** `params` with what is typed but not yet in the URL: what the boxes show (the export uses it). */
  pendingParams: LeadViewParams;
  /** The search box's text, ahead of `params.q` while the user types. */
  searchText: string;
  setSearchText: (text: string) => void;
  location: DraftField;
  minFunding: DraftField;
  maxFunding: DraftField;
  dateStart: DraftField;
  dateEnd: DraftField;
  /** Writes chosen (not typed) filters to the URL at once. */
  update: (patch: Partial<LeadViewParams>) => void;
  clearFilters: () => void;
}

interface DraftOptions {
  /** The URL's value for the text, '' for none, or null when the text is not a valid value. */
  normalise: (text: string) => string | null;
  /** The text a box shows for a URL value. */
  display: (urlValue: string) => string;
  write: (urlValue: string) => void;
}

/**
 * One typed filter. When the URL's value changes from outside the box (Back, a shared link, a removed chip), the box
 * shows it; our own debounced write is skipped, as the user may have typed on since. Adjusting state during render
 * avoids a flash of the old text.
 */
function useDraft(urlValue: string, { normalise, display, write }: DraftOptions): DraftField & { pending: string } {
  const [text, setText] = useState(() => display(urlValue));
  // The value this hook last wrote to the URL, until the URL shows it.
  const [sent, setSent] = useState<string | null>(null);
  const [seenUrl, setSeenUrl] = useState(urlValue);
  if (urlValue !== seenUrl) {
    setSeenUrl(urlValue);
    setSent(null);
    if (urlValue !== sent && normalise(text) !== urlValue) setText(display(urlValue));
  }

  const pending = normalise(text);
  useEffect(() => {
    if (pending === null || pending === urlValue) return;
    const timer = window.setTimeout(() => {
      setSent(pending);
      write(pending);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pending, urlValue, write]);

  return { text, setText, invalid: pending === null, pending: pending ?? urlValue };
}

const identity = (value: string) => value;
const amountToUrl = (text: string): string | null => {
  if (!text.trim()) return '';
  const amount = parseAmount(text);
  return amount === null ? null : String(amount);
};
const amountFromUrl = (value: string) => (value ? formatAmountInput(Number(value)) : '');
const dayToUrl = (text: string): string | null => (text.trim() ? readCalendarDay(text) || null : '');
const urlAmount = (amount: number | null) => (amount === null ? '' : String(amount));

export function useLeadView(): LeadView {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => readLeadViewParams(searchParams), [searchParams]);

  const updateSearchParams = useSearchParamsUpdate();
  const update = useCallback(
    (patch: Partial<LeadViewParams>) => updateSearchParams((current) => writeLeadViewParams(current, patch)),
    [updateSearchParams],
  );

  const search = useDraft(params.q, { normalise: normaliseSearch, display: identity, write: useCallback((q: string) => update({ q }), [update]) });
  const location = useDraft(params.location, {
    normalise: normaliseLocation,
    display: identity,
    write: useCallback((value: string) => update({ location: value }), [update]),
  });
  const minFunding = useDraft(urlAmount(params.minFunding), {
    normalise: amountToUrl,
    display: amountFromUrl,
    write: useCallback((value: string) => update({ minFunding: value ? Number(value) : null }), [update]),
  });
  const maxFunding = useDraft(urlAmount(params.maxFunding), {
    normalise: amountToUrl,
    display: amountFromUrl,
    write: useCallback((value: string) => update({ maxFunding: value ? Number(value) : null }), [update]),
  });
  // Typing a custom date keeps the page on its custom range, even with both dates emptied.
  const dateStart = useDraft(params.dateStart, {
    normalise: dayToUrl,
    display: identity,
    write: useCallback((value: string) => update({ range: CUSTOM_DATE_RANGE, dateStart: value }), [update]),
  });
  const dateEnd = useDraft(params.dateEnd, {
    normalise: dayToUrl,
    display: identity,
    write: useCallback((value: string) => update({ range: CUSTOM_DATE_RANGE, dateEnd: value }), [update]),
  });

  const pendingParams = useMemo(
    (): LeadViewParams => ({
      ...params,
      q: search.pending,
      location: location.pending,
      minFunding: minFunding.pending ? Number(minFunding.pending) : null,
      maxFunding: maxFunding.pending ? Number(maxFunding.pending) : null,
      dateStart: dateStart.pending,
      dateEnd: dateEnd.pending,
    }),
    [params, search.pending, location.pending, minFunding.pending, maxFunding.pending, dateStart.pending, dateEnd.pending],
  );

  const { setText: setSearchText } = search;
  const { setText: setLocation } = location;
  const { setText: setMinFunding } = minFunding;
  const { setText: setMaxFunding } = maxFunding;
  const { setText: setDateStart } = dateStart;
  const { setText: setDateEnd } = dateEnd;
  const clearFilters = useCallback(() => {
    for (const reset of [setSearchText, setLocation, setMinFunding, setMaxFunding, setDateStart, setDateEnd]) reset('');
    update(CLEARED_LEAD_VIEW);
  }, [update, setSearchText, setLocation, setMinFunding, setMaxFunding, setDateStart, setDateEnd]);

  const field = ({ text, setText, invalid }: DraftField): DraftField => ({ text, setText, invalid });
  return {
    params,
    pendingParams,
    searchText: search.text,
    setSearchText,
    location: field(location),
    minFunding: field(minFunding),
    maxFunding: field(maxFunding),
    dateStart: field(dateStart),
    dateEnd: field(dateEnd),
    update,
    clearFilters,
  };
}
