import { describe, expect, it } from 'vitest';
import { budgetUsedPercent, coverageSourceLabel, providerBudgetText } from './coverage';

describe('coverageSourceLabel', () => {
  it('names the lead sources, and reads an unknown one as written', () => {
    expect(coverageSourceLabel('sec-form-d')).toBe('SEC Form D');
    expect(coverageSourceLabel('fundraisingfox')).toBe('Fundraising Fox');
    expect(coverageSourceLabel('import')).toBe('CSV import');
    expect(coverageSourceLabel('new-feed')).toBe('new feed');
  });
});

describe('providerBudgetText and budgetUsedPercent', () => {
  it('reads the requests against the limit', () => {
    expect(providerBudgetText(1234, 5000)).toBe('1,234 of 5,000 provider requests today');
    expect(budgetUsedPercent(250, 500)).toBe(50);
    expect(budgetUsedPercent(600, 500)).toBe(100);
    expect(budgetUsedPercent(0, 0)).toBe(0);
    expect(budgetUsedPercent(3, 0)).toBe(100);
  });
});
