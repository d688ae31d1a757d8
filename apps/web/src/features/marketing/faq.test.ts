import { PLANS } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq';

describe('FAQ', () => {
  it('has the six questions the spec lists', () => {
    expect(FAQ_ITEMS.map((item) => item.id)).toEqual(['freshness', 'contents', 'cost', 'cancellation', 'verification', 'sourcing']);
  });

  it('quotes the real plan prices, not the spec\u2019s $99', () => {
    const cost = FAQ_ITEMS.find((item) => item.id === 'cost')!.answer;
    expect(cost).toContain(`$${PLANS.monthly.price}/month`);
    expect(cost).toContain(`$${PLANS.annual.price}/year`);
    expect(cost).not.toContain('$99');
  });
});
