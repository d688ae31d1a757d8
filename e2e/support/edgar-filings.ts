// The Form D filings the e2e EDGAR stand-in serves (stack.ts), dated the last few days before the run,
// and what the feed should make of them. Modest amounts and unique names, so specs that count or rank
// leads (leads, admin, mail) are not thrown by them.
import type { FormDFixture } from '../../apps/server/test/edgar-stand-in.js';
import type { SecCompanyRecord } from '../../apps/server/test/sec-data-stand-in.js';

/** Today in New York, where EDGAR's filing days begin and end (YYYY-MM-DD). */
export function edgarDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The `count`th business day before today in New York (1: the last one before today). EDGAR files on weekdays. */
export function businessDayBefore(now: Date, count: number): string {
  let day = edgarDay(now);
  for (let found = 0; found < count; ) {
    day = daysBefore(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) found++;
  }
  return day;
}

export interface E2eFiling {
  /** Business days before the stack started: 1 is the last weekday before today. */
  businessDaysAgo: number;
  fixture: FormDFixture;
}

const person = (firstName: string, lastName: string) => ({ firstName, lastName, relationships: ['Executive Officer', 'Director'] });

export const E2E_FILINGS: E2eFiling[] = [
  {
    businessDaysAgo: 1,
    fixture: {
      accessionNumber: '0009990001-26-000101',
      cik: '9990001',
      entityName: 'Edgarwire Robotics E2E, Inc.',
      city: 'Austin',
      stateOrCountry: 'TX',
      industryGroupType: 'Other Technology',
      totalOfferingAmount: '3170000',
      totalAmountSold: '3170000',
      people: [person('Ada', 'Filer')],
    },
  },
  {
    businessDaysAgo: 1,
    fixture: {
      accessionNumber: '0009990002-26-000102',
      cik: '9990002',
      entityName: 'Edgarwire Growth Fund E2E, L.P.',
      entityType: 'Limited Partnership',
      industryGroupType: 'Pooled Investment Fund',
      totalOfferingAmount: '50000000',
      totalAmountSold: '10000000',
      people: [person('Gus', 'Partner')],
    },
  },
  {
    businessDaysAgo: 2,
    fixture: {
      accessionNumber: '0009990003-26-000103',
      cik: '9990003',
      entityName: 'Edgarwire Biolabs E2E Corp',
      city: 'Boston',
      stateOrCountry: 'MA',
      industryGroupType: 'Biotechnology',
      totalOfferingAmount: '2230000',
      totalAmountSold: '2230000',
      people: [person('Bea', 'Founder')],
    },
  },
  {
    businessDaysAgo: 2,
    fixture: {
      accessionNumber: '0009990004-26-000104',
      cik: '9990004',
      entityName: 'Edgarwire Towers E2E REIT LLC',
      entityType: 'Limited Liability Company',
      industryGroupType: 'REITS and Finance',
      totalOfferingAmount: '20000000',
      totalAmountSold: '5000000',
      people: [person('Rey', 'Estate')],
    },
  },
];

/** The filings of each day, with the day resolved against `now` and the first sale on that day. */
export function filingsByDay(now: Date): Map<string, FormDFixture[]> {
  const days = new Map<string, FormDFixture[]>();
  for (const { businessDaysAgo, fixture } of E2E_FILINGS) {
    const day = businessDayBefore(now, businessDaysAgo);
    days.set(day, [...(days.get(day) ?? []), { ...fixture, dateOfFirstSale: day }]);
  }
  return days;
}

/** SEC's company record of a filer above (data.sec.gov/submissions), served by the stand-in in stack.ts: the enrichment
 * job gives the filer's lead this website ("from the company's SEC record"), and its company page the phone and address. */
export const E2E_SEC_RECORDS: SecCompanyRecord[] = [
  {
    cik: '9990001',
    name: 'Edgarwire Robotics E2E, Inc.',
    website: 'https://www.edgarwire-robotics.example.com',
    phone: '512-555-0142',
    business: { street1: '100 Congress Ave', city: 'AUSTIN', stateOrCountry: 'TX', zipCode: '78701' },
  },
];
