import { describe, expect, it } from 'vitest';
import { describeAmount, formatAmountInput, parseAmount } from './amount.js';

describe('parseAmount', () => {
  it('reads whole dollars, grouped, with a dollar sign, and the k/M/B shorthand', () => {
    expect(parseAmount('2500000')).toBe(2_500_000);
    expect(parseAmount(' $2,500,000 ')).toBe(2_500_000);
    expect(parseAmount('750k')).toBe(750_000);
    expect(parseAmount('750K')).toBe(750_000);
    expect(parseAmount('5M')).toBe(5_000_000);
    expect(parseAmount('$5 M')).toBe(5_000_000);
    expect(parseAmount('2.5m')).toBe(2_500_000);
    expect(parseAmount('1.25B')).toBe(1_250_000_000);
    expect(parseAmount('0')).toBe(0);
  });

  it('refuses what is not a whole number of dollars', () => {
    for (const text of ['', ' ', 'abc', '-5', '1.5', '1.0005k', '5 millions', '1e6', '5MM', 'M', '$', `${'9'.repeat(20)}`, '9999999B']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });
});

describe('formatAmountInput', () => {
  it('uses the short form when it is exact, and reads back to the same amount', () => {
    expect(formatAmountInput(5_000_000)).toBe('5M');
    expect(formatAmountInput(2_500_000)).toBe('2.5M');
    expect(formatAmountInput(750_000)).toBe('750k');
    expect(formatAmountInput(1_000_000_000)).toBe('1B');
    expect(formatAmountInput(1_234_567)).toBe('1234567');
    expect(formatAmountInput(999)).toBe('999');
    for (const amount of [5_000_000, 2_500_000, 1_234_567, 750_000, 750, 0]) expect(parseAmount(formatAmountInput(amount))).toBe(amount);
  });
});

describe('describeAmount', () => {
  it('says the whole-dollar figure with thousands separators', () => {
    expect(describeAmount(5_000_000)).toBe('Understood as $5,000,000.');
    expect(describeAmount(750_000)).toBe('Understood as $750,000.');
    expect(describeAmount(0)).toBe('Understood as $0.');
  });
});
