import { describe, expect, it } from 'vitest';
import { formDXml, formIndexText, type FormDFixture } from '../../../test/edgar-stand-in.js';
import { MalformedItemError } from '../types.js';
import { dailyIndexPath, formDItems, parseDailyIndex } from './daily-index.js';
import { formDAmount, mapFormD, parseFormD } from './form-d.js';
import { EXCLUDED_INDUSTRY_GROUPS, excludedReason, fundwireIndustry } from './industries.js';

const base: FormDFixture = {
  accessionNumber: '0001234567-26-000001',
  cik: '1234567',
  entityName: 'Acme & Sons, Inc.',
  city: 'Denver',
  stateOrCountry: 'CO',
  industryGroupType: 'Other Technology',
  dateOfFirstSale: '2026-11-02',
  totalOfferingAmount: '3000000',
  totalAmountSold: '1500000',
  people: [
    { firstName: 'Ada', lastName: 'Lovelace', relationships: ['Executive Officer', 'Director'], clarification: 'CEO' },
    { firstName: 'Alan', lastName: 'Turing', relationships: ['Director'] },
  ],
};
const item = { id: base.accessionNumber, path: '/x', kind: 'D', day: '2026-11-20' };

describe('daily form index', () => {
  it('finds the quarter and reads fixed-width rows, keeping D and D/A only, new filings first', () => {
    expect(dailyIndexPath('2026-11-20')).toBe('/Archives/edgar/daily-index/2026/QTR4/form.20261120.idx');
    expect(dailyIndexPath('2026-02-02')).toBe('/Archives/edgar/daily-index/2026/QTR1/form.20260202.idx');
    const text =
      formIndexText('2026-11-20', [{ ...base, previousAccessionNumber: '0001234567-26-000000', accessionNumber: '0001234567-26-000009' }, base]) +
      '10-K        Big Corp                                                      320193      20261120    edgar/data/320193/0000320193-26-000077.txt\n';
    expect(parseDailyIndex(text).map((row) => [row.formType, row.companyName, row.cik])).toEqual([
      ['D/A', 'Acme & Sons, Inc.', '1234567'],
      ['D', 'Acme & Sons, Inc.', '1234567'],
      ['10-K', 'Big Corp', '320193'],
    ]);
    expect(formDItems(text, '2026-11-20')).toEqual([
      { id: '0001234567-26-000001', path: '/Archives/edgar/data/1234567/000123456726000001/primary_doc.xml', kind: 'D', day: '2026-11-20' },
      { id: '0001234567-26-000009', path: '/Archives/edgar/data/1234567/000123456726000009/primary_doc.xml', kind: 'D/A', day: '2026-11-20' },
    ]);
  });
});

describe('Form D XML', () => {
  it('parses the real schema with entities, lists of one and of many', () => {
    const parsed = parseFormD(formDXml(base));
    expect(parsed).toMatchObject({ cik: '1234567', entityName: 'Acme & Sons, Inc.', city: 'Denver', stateOrCountry: 'CO', dateOfFirstSale: '2026-11-02', isAmendment: false });
    expect(parsed.people).toEqual([
      { firstName: 'Ada', middleName: null, lastName: 'Lovelace', relationships: ['Executive Officer', 'Director'], clarification: 'CEO' },
      { firstName: 'Alan', middleName: null, lastName: 'Turing', relationships: ['Director'], clarification: null },
    ]);
    // A middle name is read too (issue 31: "Glenn Lindores Chisholm").
    const withMiddle = parseFormD(formDXml({ ...base, people: [{ firstName: 'GLENN', middleName: 'LINDORES', lastName: 'CHISHOLM', relationships: ['Director'] }] }));
    expect(withMiddle.people[0]).toMatchObject({ firstName: 'GLENN', middleName: 'LINDORES', lastName: 'CHISHOLM' });
  });

  it('throws MalformedItemError for broken XML or a document without an issuer', () => {
    expect(() => parseFormD('<edgarSubmission><primaryIssuer>')).toThrow(MalformedItemError);
    expect(() => parseFormD('<?xml version="1.0"?><other/>')).toThrow(MalformedItemError);
    expect(() => parseFormD('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><edgarSubmission/>')).toThrow(/DOCTYPE/);
    expect(() => parseFormD('<edgarSubmission><primaryIssuer><cik>x</cik></primaryIssuer></edgarSubmission>')).toThrow(MalformedItemError);
  });

  it('maps amounts: a positive amount sold, else undisclosed; Indefinite is never 0', () => {
    expect(formDAmount('1500000')).toBe(1_500_000);
    expect(formDAmount('0')).toBeNull();
    expect(formDAmount('Indefinite')).toBeNull();
    expect(formDAmount(null)).toBeNull();
    const mapped = mapFormD(parseFormD(formDXml({ ...base, totalAmountSold: '0', totalOfferingAmount: 'Indefinite', dateOfFirstSale: undefined })), item, 'https://www.sec.gov');
    expect(mapped).toMatchObject({ action: 'lead', lead: { fundingAmount: null, fundingRound: null, fundingDate: '2026-11-20', tags: ['SEC Form D', 'Filing date'] } });
  });

  it('maps people to contacts with their roles and no email, and the filing index page as the source URL', () => {
    const mapped = mapFormD(parseFormD(formDXml(base)), item, 'https://www.sec.gov');
    expect(mapped).toMatchObject({
      action: 'lead',
      amends: null,
      lead: {
        companyName: 'Acme & Sons, Inc.',
        cik: '1234567',
        industry: 'Technology',
        location: 'Denver, CO',
        fundingAmount: 1_500_000,
        sourceUrl: 'https://www.sec.gov/Archives/edgar/data/1234567/000123456726000001/',
        contacts: [
          { name: 'Ada Lovelace', role: 'Executive Officer, Director: CEO', email: null, linkedIn: '' },
          { name: 'Alan Turing', role: 'Director', email: null, linkedIn: '' },
        ],
      },
    });
  });
});

describe('excluded industry groups', () => {
  it('skips pooled funds and every real-estate group, and nothing else', () => {
    expect(EXCLUDED_INDUSTRY_GROUPS).toEqual({
      'Pooled Investment Fund': 'pooled-fund',
      'REITS and Finance': 'real-estate',
      Commercial: 'real-estate',
      Construction: 'real-estate',
      Residential: 'real-estate',
      'Other Real Estate': 'real-estate',
    });
    expect(excludedReason('Biotechnology')).toBeNull();
    expect(excludedReason(null)).toBeNull();
    expect(mapFormD(parseFormD(formDXml({ ...base, industryGroupType: 'Pooled Investment Fund' })), item, '')).toEqual({ action: 'skip', reason: 'pooled-fund' });
  });

  it('maps SEC groups to Fundwire industries, keeping unknown groups by name and Other as unknown', () => {
    expect(fundwireIndustry('Pharmaceuticals')).toBe('HealthTech');
    expect(fundwireIndustry('Restaurants')).toBe('Restaurants');
    expect(fundwireIndustry('Other')).toBeNull();
  });
});
