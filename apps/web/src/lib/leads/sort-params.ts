// The lead list's order, kept in the URL (?sort=&dir=) beside the filters, so a shared link or a reload keeps
// it. The server sorts (the whole archive, not the loaded pages); without `sort` it uses its default order:
// newest funding first, or relevance for a search.

export const SORT_COLUMNS = ['date', 'amount', 'round'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface LeadSortParams {
  /** A column the user chose; null for the server's default order. */
  sort: SortColumn | null;
  dir: SortDirection;
}

export const DEFAULT_LEAD_SORT: LeadSortParams = { sort: null, dir: 'desc' };

function isSortColumn(value: string | null): value is SortColumn {
  return (SORT_COLUMNS as readonly (string | null)[]).includes(value);
}

/** The sort in the URL; anything unknown (including an explicit `relevance`) is the default order. */
export function readLeadSortParams(params: URLSearchParams): LeadSortParams {
  const sort = params.get('sort');
  if (!isSortColumn(sort)) return DEFAULT_LEAD_SORT;
  return { sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' };
}

/** A copy of `params` with the sort written (or removed for the default order); every other param is kept. */
export function writeLeadSortParams(params: URLSearchParams, next: LeadSortParams): URLSearchParams {
  const copy = new URLSearchParams(params);
  if (next.sort === null) {
    copy.delete('sort');
    copy.delete('dir');
  } else {
    copy.set('sort', next.sort);
    copy.set('dir', next.dir);
  }
  return copy;
}

/** The order the list is really in: the default is newest first, or relevance when searching. */
export function effectiveSort(current: LeadSortParams, searching: boolean): { sort: SortColumn | 'relevance'; dir: SortDirection } {
  if (current.sort !== null) return { sort: current.sort, dir: current.dir };
  return searching ? { sort: 'relevance', dir: 'desc' } : { sort: 'date', dir: 'desc' };
}

/**
 * A column header's click: another column starts with the largest, latest or newest first; the same column then
 * goes smallest first, and then back to the default order (best match while searching, else newest first).
 */
export function nextSortForColumn(current: LeadSortParams, column: SortColumn, searching: boolean): LeadSortParams {
  const shown = effectiveSort(current, searching);
  if (shown.sort !== column) return { sort: column, dir: 'desc' };
  return shown.dir === 'desc' ? { sort: column, dir: 'asc' } : DEFAULT_LEAD_SORT;
}

/** The header's aria-sort. */
export function ariaSortFor(current: LeadSortParams, column: SortColumn, searching: boolean): 'ascending' | 'descending' | 'none' {
  const shown = effectiveSort(current, searching);
  if (shown.sort !== column) return 'none';
  return shown.dir === 'asc' ? 'ascending' : 'descending';
}

/** The API's sort params for this order (none for the default), appended to a lead list query string. */
export function withSortQuery(query: string, current: LeadSortParams): string {
  if (current.sort === null) return query;
  const params = new URLSearchParams(query);
  params.set('sort', current.sort);
  params.set('dir', current.dir);
  return params.toString();
}

/** A stable string for query keys and comparisons: '' for the default order. */
export function sortKey(current: LeadSortParams): string {
  return current.sort === null ? '' : `${current.sort}:${current.dir}`;
}

/** The phone's sort picker: one option per column and direction, plus the default when searching. */
export interface SortOption {
  value: string;
  label: string;
}

const OPTION_LABELS: Record<string, string> = {
  'date:desc': 'Newest first',
  'date:asc': 'Oldest first',
  'amount:desc': 'Largest amount first',
  'amount:asc': 'Smallest amount first',
  'round:desc': 'Latest round first',
  'round:asc': 'Earliest round first',
};

export function sortOptions(searching: boolean): SortOption[] {
  const columns = Object.entries(OPTION_LABELS).map(([value, label]) => ({ value, label }));
  return searching ? [{ value: '', label: 'Best match' }, ...columns] : columns;
}

/** The picker's value for the current order. */
export function sortOptionValue(current: LeadSortParams, searching: boolean): string {
  if (current.sort === null) return searching ? '' : 'date:desc';
  return sortKey(current);
}

/** The order a picker value stands for; newest first without a search is the default (a clean URL). */
export function sortFromOptionValue(value: string, searching: boolean): LeadSortParams {
  const [sort = '', dir] = value.split(':');
  if (!isSortColumn(sort)) return DEFAULT_LEAD_SORT;
  if (!searching && sort === 'date' && dir === 'desc') return DEFAULT_LEAD_SORT;
  return { sort, dir: dir === 'asc' ? 'asc' : 'desc' };
}
