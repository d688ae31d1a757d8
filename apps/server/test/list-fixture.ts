// The leads of the lead-list API tests (leads.int.test.ts, export.int.test.ts): 57 generated leads and three special
// ones (a rare industry far away, a lead without contacts and quotes, formula-like cells), and a subscriber to read them.
import { parse } from 'csv-parse/sync';
import { generateLeads, type SeedLead } from '../src/seed/generate.js';
import { insertLeads } from '../src/seed/insert.js';
import { buildTestApp, signInAs, type TestApp } from './helpers.js';

/** RFC 4180 text back into rows, as a spreadsheet would read it. */
export const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

const today = new Date();
export const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export function lead(overrides: Partial<SeedLead> & { id: string }): SeedLead {
  return {
    companyName: 'Plain Co',
    domain: 'plain.example.com',
    industry: 'SaaS',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    roundLabel: null,
    location: 'Austin, TX',
    fundingDate: daysAgo(30),
    description: 'Does ordinary things.',
    tags: [],
    contacts: [{ name: 'Pat Example', role: 'CEO', email: 'pat@plain.example.com', linkedIn: 'https://linkedin.example.com/in/pat' }],
    ...overrides,
  };
}

export const SPECIAL: SeedLead[] = [
  lead({
    id: '10000000-0000-4000-8000-000000000001',
    companyName: 'Zyxwv Robotics',
    domain: 'zyxwv.example.com',
    industry: 'Robotics',
    fundingRound: 'Series C',
    fundingAmount: 90_000_000,
    location: 'Reykjavik, Iceland',
    fundingDate: daysAgo(400),
    description: 'Warehouse arms.',
  }),
  lead({
    id: '10000000-0000-4000-8000-000000000002',
    companyName: 'Quiet Ledger',
    domain: 'quietledger.example.com',
    industry: 'FinTech',
    description: 'Builds QUANTUM-safe ledgers, "fast", for banks, with commas.',
    fundingDate: daysAgo(200),
    contacts: [],
  }),
  lead({
    id: '10000000-0000-4000-8000-000000000003',
    companyName: '=cmd|calc',
    domain: 'formula.example.com',
    industry: 'Cybersecurity',
    description: '+SUM(A1) tries a formula',
    fundingDate: daysAgo(10),
    contacts: [
      { name: '@attacker', role: '-1', email: 'x@formula.example.com', linkedIn: '' },
      { name: 'Second Person', role: 'CTO', email: 'y@formula.example.com', linkedIn: 'https://linkedin.example.com/in/y' },
    ],
  }),
];

export const newestFirst = (list: SeedLead[]) =>
  [...list].sort((a, b) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1));

/** A test app holding the generated and special leads, with a subscriber signed in. */
export async function listFixture(): Promise<{ t: TestApp; subscriber: Record<string, string>; generated: SeedLead[] }> {
  const t = await buildTestApp();
  const generated = [...generateLeads({ count: 57, seed: 11 })];
  await insertLeads(t.database, [...generated, ...SPECIAL]);
  return { t, subscriber: await signInAs(t, 'subscriber'), generated };
}
