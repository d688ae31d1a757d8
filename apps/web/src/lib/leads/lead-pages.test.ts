import type { Lead } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { flattenLeadPages, leadCountText, nextLeadCursor } from '@/lib/leads/lead-pages';

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
    sources: [{ source: 'manual', sourceId: null, sourceUrl: null }],
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

describe('nextLeadCursor', () => {
  it("follows the last page's cursor while the server has more", () => {
    expect(nextLeadCursor({ hasMore: true, leads: [lead('a')], nextCursor: 'abc' })).toBe('abc');
  });

  it('stops when there is no more, or when a page came back empty', () => {
    expect(nextLeadCursor({ hasMore: false, leads: [lead('a')], nextCursor: null })).toBeUndefined();
    expect(nextLeadCursor({ hasMore: true, leads: [], nextCursor: 'abc' })).toBeUndefined();
    expect(nextLeadCursor({ hasMore: true, leads: [lead('a')], nextCursor: null })).toBeUndefined();
  });
});

describe('leadCountText', () => {
  it('says "about" when the count is an estimate', () => {
    expect(leadCountText(23_000, false)).toBe('about 23,000 leads');
    expect(leadCountText(23_000, true)).toBe('23,000 leads');
    expect(leadCountText(1, true)).toBe('1 lead');
  });

  it('says "more than" when the count is a lower bound', () => {
    expect(leadCountText(1_000, false, true)).toBe('more than 1,000 leads');
    expect(leadCountText(1_000, false, false)).toBe('about 1,000 leads');
  });
});
