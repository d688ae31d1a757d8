// Each trigger and generated column of the leads and contacts tables (triggers.ts) does what the list says, on
// writes made through this module, and the list is complete: the database has no other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import { updateLead } from './admin-write.js';
import { upsertLeadBatch, type BulkLead } from './bulk.js';
import { replaceContacts } from './contact-emails.js';
import { getLead } from './service.js';
import { LEAD_GENERATED_COLUMNS, LEAD_TRIGGERS } from './triggers.js';

let t: TestDatabase;
let serial = 0;

function lead(overrides: Partial<BulkLead> = {}): BulkLead {
  serial++;
  return {
    companyName: `Trigger Test ${serial}`,
    domain: `trigger-test-${serial}.example`,
    industry: 'Fintech',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Berlin, Germany',
    fundingDate: '2026-11-02',
    description: 'Ledgers for small shops.',
    tags: [],
    contacts: [],
    ...overrides,
  };
}

async function write(input: BulkLead): Promise<string> {
  const result = await t.database.rawTransaction((query) => upsertLeadBatch(query, [input]));
  return result.ids[0]!;
}

async function rows(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return t.database.rawTransaction(async (query) => (await query(text, params)).rows);
}

async function hasLocation(location: string): Promise<boolean> {
  return (await rows('select 1 from lead_locations where location = $1', [location])).length === 1;
}

async function hasLexeme(lexeme: string): Promise<boolean> {
  return (await rows('select 1 from search_lexemes where lexeme = $1', [lexeme])).length === 1;
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe('the triggers and generated columns of leads and contacts (modules/leads/triggers.ts)', () => {
  it('lists every trigger and generated column the database has on leads and contacts', async () => {
    const triggers = await rows(
      `select t.tgname as name, c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relname in ('leads', 'contacts') order by 1`,
    );
    expect(triggers.map((row) => `${String(row.table)}.${String(row.name)}`)).toEqual(LEAD_TRIGGERS.map((trigger) => `${trigger.table}.${trigger.name}`).sort());
    const generated = await rows(
      `select table_name, column_name from information_schema.columns
       where table_schema = current_schema() and table_name in ('leads', 'contacts') and is_generated = 'ALWAYS' order by 1, 2`,
    );
    expect(generated.map((row) => `${String(row.table_name)}.${String(row.column_name)}`)).toEqual(LEAD_GENERATED_COLUMNS.map((column) => `${column.table}.${column.column}`));
  });

  it('leads_inserted_locations: a new lead’s location is in lead_locations', async () => {
    expect(await hasLocation('Ulaanbaatar, Mongolia')).toBe(false);
    await write(lead({ location: 'Ulaanbaatar, Mongolia' }));
    expect(await hasLocation('Ulaanbaatar, Mongolia')).toBe(true);
  });

  it('leads_updated_locations: a location an edit brings is in lead_locations', async () => {
    const input = lead();
    const id = await write(input);
    expect(await hasLocation('Nuuk, Greenland')).toBe(false);
    await updateLead(t.database, id, { ...input, location: 'Nuuk, Greenland', roundLabel: null, sourceUrl: null });
    expect(await hasLocation('Nuuk, Greenland')).toBe(true);
  });

  it('contacts_arrived: a contact written for a lead without contacts clears its "no contacts" flag', async () => {
    const id = await write(lead());
    expect((await rows('select lacks_contacts from leads where id = $1', [id]))[0]!.lacks_contacts).toBe(true);
    // Straight into contacts, as no write path does it: only the trigger can clear the flag.
    await rows(`insert into contacts (lead_id, position, name, role, email, linked_in) values ($1, 0, 'Ada Park', 'CEO', '', '')`, [id]);
    expect((await rows('select lacks_contacts from leads where id = $1', [id]))[0]!.lacks_contacts).toBeNull();
    expect((await getLead(t.database.db, id))!.contacts.map((contact) => contact.name)).toEqual(['Ada Park']);
  });

  it('contacts_inserted_names: people written for a lead join its search document, and their names search_lexemes', async () => {
    const id = await write(lead());
    expect(await hasLexeme('ptarmigan')).toBe(false);
    // Straight into contacts, as no write path does it (a new lead's writer sets the names itself): only the trigger can.
    await rows(
      `insert into contacts (lead_id, position, name, role, email, linked_in) values ($1, 1, 'Ivo Ptarmigan', 'CTO', '', ''), ($1, 0, 'Ada Park', 'CEO', '', '')`,
      [id],
    );
    expect((await rows('select contact_names from leads where id = $1', [id]))[0]!.contact_names).toBe('Ada Park Ivo Ptarmigan');
    expect(String((await rows('select search_vector::text as v from leads where id = $1', [id]))[0]!.v)).toContain(`'ptarmigan':`);
    expect(await hasLexeme('ptarmigan')).toBe(true);
  });

  it('contacts_deleted_names: people removed leave the search document; a replacement keeping the names writes no lead', async () => {
    const id = await write(lead({ contacts: [{ name: 'Olga Kestrel', role: 'CEO', email: null, linkedIn: '' }] }));
    const version = async () => (await rows('select xmin::text as x, contact_names from leads where id = $1', [id]))[0]!;
    const before = await version();
    expect(before.contact_names).toBe('Olga Kestrel');
    // The same person again (as a daily source re-sends a lead): one statement replaces the row, the lead is not rewritten.
    await t.database.rawTransaction((query) =>
      replaceContacts(query, [id], [{ leadId: id, position: 0, name: 'Olga Kestrel', role: 'CEO', email: '', linkedIn: '' }], 'import'),
    );
    expect(await version()).toEqual(before);
    await rows('delete from contacts where lead_id = $1', [id]);
    expect((await version()).contact_names).toBe('');
    expect(String((await rows('select search_vector::text as v from leads where id = $1', [id]))[0]!.v)).not.toContain('kestrel');
  });

  it('contacts_updated_names: a person renamed, or moved to another lead, is searched under the new name and lead', async () => {
    const from = await write(lead({ contacts: [{ name: 'Remy Avocet', role: 'CEO', email: null, linkedIn: '' }] }));
    const to = await write(lead({ contacts: [{ name: 'Nell Plover', role: 'CFO', email: null, linkedIn: '' }] }));
    await rows(`update contacts set name = 'Remy Avocet-Stilt' where lead_id = $1`, [from]);
    expect((await rows('select contact_names from leads where id = $1', [from]))[0]!.contact_names).toBe('Remy Avocet-Stilt');
    await rows(`update contacts set lead_id = $2, position = 1 where lead_id = $1`, [from, to]);
    const names = await rows('select id::text as id, contact_names from leads where id = any($1::uuid[])', [[from, to]]);
    expect(Object.fromEntries(names.map((row) => [row.id, row.contact_names]))).toEqual({ [from]: '', [to]: 'Nell Plover Remy Avocet-Stilt' });
  });

  it('leads_inserted_lexemes: every word of a new lead’s search document is in search_lexemes', async () => {
    expect(await hasLexeme('quokkaledger')).toBe(false);
    await write(lead({ description: 'The quokkaledger for bakeries.', tags: ['wombatpay'] }));
    expect(await hasLexeme('quokkaledger')).toBe(true);
    expect(await hasLexeme('wombatpay')).toBe(true);
  });

  it('leads_updated_lexemes: the words an edit brings into the search document are in search_lexemes', async () => {
    const input = lead();
    const id = await write(input);
    expect(await hasLexeme('numbatbooks')).toBe(false);
    await updateLead(t.database, id, { ...input, description: 'Now numbatbooks for florists.', roundLabel: null, sourceUrl: null });
    expect(await hasLexeme('numbatbooks')).toBe(true);
  });

  it('search_vector: the name, the domain’s name as words, the tags and the description, weighted, the industry, round and location as tokens, and kept on edit', async () => {
    const input = lead({ companyName: 'Acme Robotics', domain: 'www.get-acme.co.uk', tags: ['Warehouses'], description: 'Picking arms.' });
    const id = await write(input);
    const vector = async () => String((await rows('select search_vector::text as v from leads where id = $1', [id]))[0]!.v);
    const before = await vector();
    expect(before).toBe(
      `'#industry:Fintech' '#location:Berlin, Germany' '#round:Seed' 'acme':1A,4A 'arms':7C 'get':3A 'picking':6C 'robotics':2A 'warehouses':5B`,
    );
    // The tokens stay out of search_lexemes: no prefix a user types is spelled out as one.
    expect(await hasLexeme('#industry:Fintech')).toBe(false);
    expect(await hasLexeme('picking')).toBe(true);
    // Of the domain only its name (get-acme as two words): the other labels (www, co, uk) would match nearly every lead.
    await updateLead(t.database, id, { ...input, description: 'Sorting belts.', roundLabel: null, sourceUrl: null });
    const after = await vector();
    expect(after).toContain(`'sorting'`);
    expect(after).not.toContain(`'picking'`);
    // An edit of the industry moves its token (and no token reaches search_lexemes through the update trigger).
    await updateLead(t.database, id, { ...input, industry: 'Robotics', description: 'Sorting belts.', roundLabel: null, sourceUrl: null });
    expect(await vector()).toContain(`'#industry:Robotics'`);
    expect(await vector()).not.toContain(`'#industry:Fintech'`);
    expect(await hasLexeme('#industry:Robotics')).toBe(false);
  });
});
