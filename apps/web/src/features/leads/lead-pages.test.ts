import type { Lead } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { flattenLeadPages, nextLeadPage } from './lead-pages';

function lead(id: string): Lead {
  return {
    id,
    companyName: `Company ${id}`,
    domain: `${id}.example`,
    industry: 'AI',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Berlin',
    fundingDate: '2026-03-01',
    description: '',
    tags: [],
    roundLabel: null,
    source: 'manual',
    sourceId: null,
    sourceUrl: null,
    editedFields: [],
    companyId: null,
    earlierRounds: 0,
    contacts: [],
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  };
}

describe('flattenLeadPages', () => {
  it('appends pages in order', () => {
    const pages = [{ leads: [lead('a'), lead('b')] }, { leads: [lead('c')] }];
    expect(flattenLeadPages(pages).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows a lead that moved onto the next page only once', () => {
    const pages = [{ leads: [lead('a'), lead('b')] }, { leads: [lead('b'), lead('c')] }];
    expect(flattenLeadPages(pages).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('gives an empty list for no pages', () => {
    expect(flattenLeadPages([])).toEqual([]);
  });
});

describe('nextLeadPage', () => {
  it('asks for the following page while the server has more', () => {
    expect(nextLeadPage({ hasMore: true, leads: [lead('a')] }, 1)).toBe(2);
    expect(nextLeadPage({ hasMore: true, leads: [lead('a')] }, 4)).toBe(5);
  });

  it('stops when there is no more, or when a page came back empty', () => {
    expect(nextLeadPage({ hasMore: false, leads: [lead('a')] }, 1)).toBeUndefined();
    expect(nextLeadPage({ hasMore: true, leads: [] }, 3)).toBeUndefined();
  });
});
