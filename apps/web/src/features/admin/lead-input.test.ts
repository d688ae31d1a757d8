import { describe, expect, it } from 'vitest';
import { dollarsToMillions, dropIncompleteContacts, keptContactRows, millionsToDollars, parseMillions } from './lead-input';

const contact = (name: string, email: string, role = '', linkedIn = '') => ({ name, role, email, linkedIn });

describe('millions and dollars', () => {
  it('turns millions into whole dollars', () => {
    expect(millionsToDollars(2.5)).toBe(2_500_000);
    expect(millionsToDollars(0)).toBe(0);
    expect(millionsToDollars(12)).toBe(12_000_000);
  });

  it('rounds away floating-point dust instead of truncating it', () => {
    // 0.1 * 3 is 0.30000000000000004 and 1.1 * 1e6 is 1100000.0000000002 in binary floating point.
    expect(millionsToDollars(0.1 * 3)).toBe(300_000);
    expect(millionsToDollars(1.1)).toBe(1_100_000);
    expect(millionsToDollars(4.35)).toBe(4_350_000);
    expect(millionsToDollars(0.0000004)).toBe(0);
  });

  it('turns dollars back into millions, and round-trips', () => {
    expect(dollarsToMillions(2_500_000)).toBe(2.5);
    expect(dollarsToMillions(0)).toBe(0);
    for (const dollars of [1, 999_999, 2_500_000, 12_048_193, 10_000_000_000]) {
      expect(millionsToDollars(dollarsToMillions(dollars))).toBe(dollars);
      // What the edit form shows is what it will save.
      expect(millionsToDollars(Number(String(dollarsToMillions(dollars))))).toBe(dollars);
    }
  });
});

describe('parseMillions', () => {
  it('reads the amount field', () => {
    expect(parseMillions('2.5')).toBe(2.5);
    expect(parseMillions(' 3 ')).toBe(3);
    expect(parseMillions('0')).toBe(0);
  });

  it('rejects what is not an amount', () => {
    expect(parseMillions('')).toBeNull();
    expect(parseMillions('   ')).toBeNull();
    expect(parseMillions('abc')).toBeNull();
    expect(parseMillions('-1')).toBeNull();
    expect(parseMillions('Infinity')).toBeNull();
    expect(parseMillions('1e300')).toBeNull();
  });
});

describe('dropIncompleteContacts', () => {
  it('keeps contacts with a name (the email may be unknown), trimmed', () => {
    const contacts = [
      contact(' Ada ', ' ada@acme.example ', ' CEO ', ' https://www.linkedin.com/in/ada '),
      contact('No Email', '', 'CTO'),
      contact('', 'nobody@acme.example'),
      contact('   ', '   '),
      contact('Bob', 'bob@acme.example'),
    ];
    expect(dropIncompleteContacts(contacts)).toEqual([
      { name: 'Ada', role: 'CEO', email: 'ada@acme.example', linkedIn: 'https://www.linkedin.com/in/ada' },
      // Public filings name people, not addresses (decision 023).
      { name: 'No Email', role: 'CTO', email: null, linkedIn: '' },
      { name: 'Bob', role: '', email: 'bob@acme.example', linkedIn: '' },
    ]);
  });

  it('returns nothing when no row is complete', () => {
    expect(dropIncompleteContacts([contact('', '')])).toEqual([]);
  });

  it('names the form row each kept contact came from', () => {
    expect(keptContactRows([contact('', ''), contact('Ada', 'a@x.example'), contact('Only name', ''), contact('Bob', 'b@x.example')])).toEqual([1, 2, 3]);
  });
});
