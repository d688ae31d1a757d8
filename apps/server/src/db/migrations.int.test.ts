// Migrations that rewrite data, each run on a database that already holds leads: every row stays, and what the
// migration changes is checked on the rows it found.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, name: string): Promise<void> {
  for (const statement of readFileSync(path.join(folder, name), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/** An in-memory database with every migration before the one named `prefix` applied, and that migration's file. */
async function databaseBefore(prefix: string): Promise<{ db: PGlite; migration: string }> {
  const target = files.findIndex((name) => name.startsWith(`${prefix}_`));
  expect(target).toBeGreaterThan(0);
  const db = await PGlite.create('memory://', { extensions: { pg_trgm } });
  for (const name of files.slice(0, target)) await apply(db, name);
  return { db, migration: files[target]! };
}

// Decision 023: what earlier imports stored for "unknown" ('' and 0 with "not disclosed") becomes null.
describe('migration 0010: unknown values and provenance', () => {
  it('keeps every existing lead and turns the old stand-ins for unknown into null', async () => {
    const { db, migration } = await databaseBefore('0010');
    try {
      await db.exec(`
        insert into leads (company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, tags, source_url, identity_key) values
          ('Manual Co', 'manual.example.com', 'SaaS', 2500000, 'Seed', 'Austin, TX', '2026-01-02', 'Made by hand.', '{}', null, 'manual.example.com|Seed|2026-01-02'),
          ('Free Co', 'free.example.com', 'SaaS', 0, 'Seed', 'Austin, TX', '2026-01-03', 'A real $0 round? Kept as 0.', '{}', null, 'free.example.com|Seed|2026-01-03'),
          ('Creoir', 'creoir.com', '', 0, 'Seed', '', '2026-09-04', 'Seed round announced on 2026-09-04, from press reports. The amount was not disclosed.',
           '{imported,fundraisingfox,press}', 'https://fundraisingfox.com/companies/creoir', 'creoir.com|Seed|2026-09-04');
        insert into contacts (lead_id, name, role, email) select id, 'Pat', 'CEO', 'pat@manual.example.com' from leads where company_name = 'Manual Co';`);
      await apply(db, migration);
      const rows = await db.query<Record<string, unknown>>(
        `select company_name, industry, location, funding_amount::text as amount, funding_round, source, source_id, edited_fields from leads order by company_name`,
      );
      expect(rows.rows).toEqual([
        { company_name: 'Creoir', industry: null, location: null, amount: null, funding_round: 'Seed', source: 'import', source_id: 'creoir', edited_fields: [] },
        { company_name: 'Free Co', industry: 'SaaS', location: 'Austin, TX', amount: '0', funding_round: 'Seed', source: 'manual', source_id: null, edited_fields: [] },
        { company_name: 'Manual Co', industry: 'SaaS', location: 'Austin, TX', amount: '2500000', funding_round: 'Seed', source: 'manual', source_id: null, edited_fields: [] },
      ]);
      expect((await db.query('select count(*)::int as n from contacts')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe('migration 0021: the search words of the leads already stored', () => {
  it('records every word of every existing lead, so their last-word prefixes are spelled out at once', async () => {
    const { db, migration } = await databaseBefore('0021');
    try {
      await db.exec(`
        insert into leads (company_name, domain, industry, funding_round, funding_date, description, tags, identity_key) values
          ('Kiwano Labs', 'kiwano.example.com', 'SaaS', 'Seed', '2026-01-02', 'Builds kiwifruit sorters.', '{agtech}', 'kiwano.example.com|Seed|2026-01-02'),
          ('Other Co', 'other.example.com', 'SaaS', 'Seed', '2026-01-03', 'Builds nothing of note.', '{}', 'other.example.com|Seed|2026-01-03');`);
      await apply(db, migration);
      const words = (await db.query<{ lexeme: string }>(`select lexeme from search_lexemes where lexeme like 'ki%' order by lexeme`)).rows.map(
        (row) => row.lexeme,
      );
      expect(words).toEqual(['kiwano', 'kiwano.example.com', 'kiwifruit']);
      const [query] = (await db.query<{ query: string }>(`select search_match_query('builds kiw', 50) as query`)).rows;
      expect(query?.query).toBe(`'builds' & ( 'kiwano' | 'kiwano.example.com' | 'kiwifruit' )`);
      const matched = await db.query<{ company_name: string }>(`select company_name from leads where search_vector @@ $1::tsquery`, [query?.query]);
      expect(matched.rows).toEqual([{ company_name: 'Kiwano Labs' }]);
    } finally {
      await db.close();
    }
  });
});

describe('migration 0022: the domain in the search vector as its words', () => {
  it('rewrites the vectors of the leads already stored, keeps them searchable by domain word, and forgets the host words', async () => {
    const { db, migration } = await databaseBefore('0022');
    try {
      await db.exec(`
        insert into leads (company_name, domain, industry, funding_round, funding_date, description, tags, identity_key) values
          ('Kiwano Labs', 'get-kiwano.example.com', 'SaaS', 'Seed', '2026-01-02', 'Builds kiwifruit sorters.', '{agtech}', 'get-kiwano.example.com|Seed|2026-01-02'),
          ('Other Co', 'www.other.example.com', 'SaaS', 'Seed', '2026-01-03', 'Builds nothing of note.', '{}', 'other.example.com|Seed|2026-01-03');`);
      const lexemes = async (pattern: string) =>
        (await db.query<{ lexeme: string }>(`select lexeme from search_lexemes where lexeme like $1 order by lexeme`, [pattern])).rows.map((row) => row.lexeme);
      expect(await lexemes('get%')).toEqual(['get-kiwano.example.com']);
      await apply(db, migration);
      // The host word is gone from the vectors and from the words a prefix completes to; the domain's name is in,
      // as words, and its other labels are not.
      expect(await lexemes('%.%')).toEqual([]);
      expect(await lexemes('get%')).toEqual(['get']);
      expect(await lexemes('ki%')).toEqual(['kiwano', 'kiwifruit']);
      expect(await lexemes('example')).toEqual([]);
      expect(await lexemes('www')).toEqual([]);
      const found = async (q: string) =>
        (
          await db.query<{ company_name: string }>(`select company_name from leads where search_vector @@ search_match_query($1, 50)::tsquery order by 1`, [q])
        ).rows.map((row) => row.company_name);
      expect(await found('get')).toEqual(['Kiwano Labs']);
      expect(await found('other')).toEqual(['Other Co']);
      expect(await found('example')).toEqual([]);
      // The update trigger came back with the column: a new domain's words are recorded.
      await db.exec(`update leads set domain = 'zorblat.io' where company_name = 'Other Co'`);
      expect(await lexemes('zor%')).toEqual(['zorblat']);
      expect(await found('zorb')).toEqual(['Other Co']);
    } finally {
      await db.close();
    }
  });
});
