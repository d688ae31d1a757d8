import { describe, expect, it } from 'vitest';
import {
  ariaSortFor,
  DEFAULT_LEAD_SORT,
  nextSortForColumn,
  readLeadSortParams,
  sortFromOptionValue,
  sortKey,
  sortOptions,
  sortOptionValue,
  withSortQuery,
  writeLeadSortParams,
} from '@/lib/leads/sort-params';

describe('readLeadSortParams', () => {
  it('reads a column and a direction', () => {
    expect(readLeadSortParams(new URLSearchParams('sort=amount&dir=asc'))).toEqual({ sort: 'amount', dir: 'asc' });
    expect(readLeadSortParams(new URLSearchParams('sort=round&dir=desc'))).toEqual({ sort: 'round', dir: 'desc' });
  });

  it('defaults the direction to descending', () => {
    expect(readLeadSortParams(new URLSearchParams('sort=date'))).toEqual({ sort: 'date', dir: 'desc' });
    expect(readLeadSortParams(new URLSearchParams('sort=date&dir=sideways'))).toEqual({ sort: 'date', dir: 'desc' });
  });

  it('reads no, unknown or relevance sort as the default order', () => {
    for (const query of ['', 'sort=price', 'sort=relevance&dir=asc', 'dir=asc']) {
      expect(readLeadSortParams(new URLSearchParams(query))).toEqual(DEFAULT_LEAD_SORT);
    }
  });
});

describe('writeLeadSortParams', () => {
  it('writes sort and dir and keeps every other param, repeated ones included', () => {
    const next = writeLeadSortParams(new URLSearchParams('q=robots&industry=Fintech&industry=SaaS&range=90d'), { sort: 'amount', dir: 'asc' });
    expect(next.toString()).toBe('q=robots&industry=Fintech&industry=SaaS&range=90d&sort=amount&dir=asc');
  });

  it('removes both for the default order', () => {
    expect(writeLeadSortParams(new URLSearchParams('sort=amount&dir=asc&q=x'), DEFAULT_LEAD_SORT).toString()).toBe('q=x');
  });

  it('does not change the params it was given', () => {
    const params = new URLSearchParams('q=x');
    writeLeadSortParams(params, { sort: 'round', dir: 'desc' });
    expect(params.toString()).toBe('q=x');
  });

  it('round-trips', () => {
    const sort = { sort: 'round', dir: 'asc' } as const;
    expect(readLeadSortParams(writeLeadSortParams(new URLSearchParams(), sort))).toEqual(sort);
  });
});

describe('headers', () => {
  it('the date header shows the default order as descending, unless searching (relevance)', () => {
    expect(ariaSortFor(DEFAULT_LEAD_SORT, 'date', false)).toBe('descending');
    expect(ariaSortFor(DEFAULT_LEAD_SORT, 'date', true)).toBe('none');
    expect(ariaSortFor(DEFAULT_LEAD_SORT, 'amount', false)).toBe('none');
    expect(ariaSortFor({ sort: 'amount', dir: 'asc' }, 'amount', true)).toBe('ascending');
  });

  it('a new column starts largest first, then smallest first, then the default order again', () => {
    expect(nextSortForColumn(DEFAULT_LEAD_SORT, 'amount', false)).toEqual({ sort: 'amount', dir: 'desc' });
    expect(nextSortForColumn({ sort: 'amount', dir: 'desc' }, 'amount', false)).toEqual({ sort: 'amount', dir: 'asc' });
    expect(nextSortForColumn({ sort: 'amount', dir: 'asc' }, 'amount', false)).toEqual(DEFAULT_LEAD_SORT);
    expect(nextSortForColumn({ sort: 'amount', dir: 'asc' }, 'amount', true)).toEqual(DEFAULT_LEAD_SORT);
    expect(nextSortForColumn({ sort: 'amount', dir: 'asc' }, 'round', false)).toEqual({ sort: 'round', dir: 'desc' });
  });

  it('the date header on the default order goes oldest first, then back; while searching it starts newest first', () => {
    expect(nextSortForColumn(DEFAULT_LEAD_SORT, 'date', false)).toEqual({ sort: 'date', dir: 'asc' });
    expect(nextSortForColumn({ sort: 'date', dir: 'asc' }, 'date', false)).toEqual(DEFAULT_LEAD_SORT);
    expect(nextSortForColumn(DEFAULT_LEAD_SORT, 'date', true)).toEqual({ sort: 'date', dir: 'desc' });
    expect(nextSortForColumn({ sort: 'date', dir: 'asc' }, 'date', true)).toEqual(DEFAULT_LEAD_SORT);
  });
});

describe('the API query and keys', () => {
  it('appends sort and dir to a list query, or leaves it alone for the default', () => {
    expect(withSortQuery('cursor=abc&limit=20&q=x', { sort: 'amount', dir: 'asc' })).toBe('cursor=abc&limit=20&q=x&sort=amount&dir=asc');
    expect(withSortQuery('limit=20', DEFAULT_LEAD_SORT)).toBe('limit=20');
  });

  it('has one key per order', () => {
    expect(sortKey(DEFAULT_LEAD_SORT)).toBe('');
    expect(sortKey({ sort: 'round', dir: 'asc' })).toBe('round:asc');
  });
});

describe('the phone sort picker', () => {
  it('offers Best match only while searching', () => {
    expect(sortOptions(false).map((option) => option.value)).toEqual(['date:desc', 'date:asc', 'amount:desc', 'amount:asc', 'round:desc', 'round:asc']);
    expect(sortOptions(true)[0]).toEqual({ value: '', label: 'Best match' });
  });

  it('maps the default to newest first without a search, to Best match with one', () => {
    expect(sortOptionValue(DEFAULT_LEAD_SORT, false)).toBe('date:desc');
    expect(sortOptionValue(DEFAULT_LEAD_SORT, true)).toBe('');
    expect(sortOptionValue({ sort: 'amount', dir: 'asc' }, false)).toBe('amount:asc');
  });

  it('turns a choice back into an order, newest first without a search being the default', () => {
    expect(sortFromOptionValue('date:desc', false)).toEqual(DEFAULT_LEAD_SORT);
    expect(sortFromOptionValue('date:desc', true)).toEqual({ sort: 'date', dir: 'desc' });
    expect(sortFromOptionValue('round:asc', false)).toEqual({ sort: 'round', dir: 'asc' });
    expect(sortFromOptionValue('', true)).toEqual(DEFAULT_LEAD_SORT);
  });
});
