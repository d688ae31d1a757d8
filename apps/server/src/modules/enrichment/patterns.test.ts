import { describe, expect, it } from 'vitest';
import { applyPattern, learnPattern, normalizeOrganisation, sameOrganisation, splitName } from './patterns.js';

describe('enrichment rules', () => {
  it('matches an organisation to a company after case, punctuation and legal suffixes, and nothing looser', () => {
    expect(normalizeOrganisation('Acme Robotics, Inc.')).toBe('acme robotics');
    expect(sameOrganisation('ACME ROBOTICS INC', 'Acme Robotics')).toBe(true);
    expect(sameOrganisation('Acme Robotics L.L.C.', 'acme robotics')).toBe(true);
    expect(sameOrganisation('Bits & Bytes Corp', 'Bits and Bytes')).toBe(true);
    expect(sameOrganisation('Acme Robotics, Inc.', 'Acme Robotics Europe')).toBe(false);
    expect(sameOrganisation('Acme Robotics, Inc.', 'Acme')).toBe(false);
    expect(sameOrganisation('Acme Robotics, Inc.', null)).toBe(false);
  });

  it('splits a name into first and last, leaving out middle names and suffixes', () => {
    expect(splitName('Glenn Lindores Chisholm')).toEqual({ first: 'Glenn', last: 'Chisholm' });
    expect(splitName('John Smith III')).toEqual({ first: 'John', last: 'Smith' });
    expect(splitName('Cher')).toBeNull();
  });

  it('applies a pattern to a name', () => {
    expect(applyPattern('{first}.{last}', { first: 'Glenn', last: "O'Brien" }, 'www.Acme.com')).toBe('glenn.obrien@acme.com');
    expect(applyPattern('{f}{last}', { first: 'José', last: 'Núñez' }, 'acme.com')).toBe('jnunez@acme.com');
    expect(applyPattern('{first}@evil', { first: 'a', last: 'b' }, 'acme.com')).toBeNull();
  });

  it('learns a pattern only from two or more agreeing addresses at the domain', () => {
    const known = [
      { name: 'Ada Lovelace', email: 'ada.lovelace@acme.com' },
      { name: 'Alan Turing', email: 'alan.turing@acme.com' },
    ];
    expect(learnPattern('acme.com', known)).toBe('{first}.{last}');
    expect(learnPattern('acme.com', known.slice(0, 1))).toBeNull();
    // Addresses at another domain are no evidence for this one.
    expect(learnPattern('other.com', known)).toBeNull();
    // Two addresses that disagree teach nothing.
    expect(learnPattern('acme.com', [known[0]!, { name: 'Alan Turing', email: 'aturing@acme.com' }])).toBeNull();
  });
});
