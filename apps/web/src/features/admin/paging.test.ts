import { describe, expect, it } from 'vitest';
import { pageAfterEmptyResult, pageCountFor } from './paging';

describe('pageCountFor', () => {
  it('counts pages of 100, and at least one', () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(1)).toBe(1);
    expect(pageCountFor(100)).toBe(1);
    expect(pageCountFor(101)).toBe(2);
    expect(pageCountFor(10_000)).toBe(100);
  });

  it('stops at the deepest page the server serves by number (MAX_PAGE_DEPTH leads)', () => {
    expect(pageCountFor(10_001)).toBe(100);
    expect(pageCountFor(1_000_000)).toBe(100);
    expect(pageCountFor(1_000_000, 20)).toBe(500);
  });
});

describe('pageAfterEmptyResult', () => {
  it('moves to the new last page when this one emptied', () => {
    expect(pageAfterEmptyResult(3, 0, 150)).toBe(2);
  });

  it('stays put when the page has leads, is the first, or nothing is left', () => {
    expect(pageAfterEmptyResult(3, 5, 205)).toBeNull();
    expect(pageAfterEmptyResult(1, 0, 0)).toBeNull();
    expect(pageAfterEmptyResult(3, 0, 0)).toBeNull();
    // The count still says this page exists: moving would not help.
    expect(pageAfterEmptyResult(2, 0, 150)).toBeNull();
  });
});
