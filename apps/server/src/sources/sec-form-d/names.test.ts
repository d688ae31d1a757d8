import { describe, expect, it } from 'vitest';
import { casedLocation, personName, titleCase } from './names.js';

describe('names as people write them', () => {
  it('turns a filed name in capitals and parts into the name people write, keeping the filed text', () => {
    expect(personName({ firstName: 'GLENN', middleName: 'LINDORES', lastName: 'CHISHOLM' })).toEqual({
      name: 'Glenn Lindores Chisholm',
      filedName: 'CHISHOLM GLENN LINDORES',
    });
    expect(personName({ firstName: 'MARY', lastName: "O'BRIEN-MCDONALD" }).name).toBe("Mary O'Brien-McDonald");
    expect(personName({ firstName: 'JOHN', lastName: 'SMITH III' }).name).toBe('John Smith III');
    expect(personName({ firstName: 'LUDWIG', lastName: 'VAN BEETHOVEN' }).name).toBe('Ludwig van Beethoven');
  });

  it('leaves a name someone already cased as it is', () => {
    expect(titleCase('DeShawn')).toBe('DeShawn');
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toEqual({ name: 'Ada Lovelace', filedName: null });
  });

  it('cases a filed city and keeps a two-letter state, and the filed text when it changed', () => {
    expect(casedLocation('SAN FRANCISCO, CA')).toEqual({ location: 'San Francisco, CA', filedLocation: 'SAN FRANCISCO, CA' });
    expect(casedLocation('LONDON, United Kingdom')).toEqual({ location: 'London, United Kingdom', filedLocation: 'LONDON, United Kingdom' });
    expect(casedLocation('Austin, TX')).toEqual({ location: 'Austin, TX', filedLocation: null });
    expect(casedLocation(null)).toEqual({ location: null, filedLocation: null });
  });
});
