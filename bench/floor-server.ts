// The bare page server of bench/floor, shared with bench/leads: Fastify without auth, schemas or logging, answering a
// health route and routes that each make one PostgreSQL round trip through a pg pool of 10, up to a 20-lead page in
// the app's own page query shape. It runs in a child process of its own, as the app's server does, so the load
// generator never shares its event loop.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort, root, stop, waitFor200 } from './lib.js';

/** The columns the app reads of a lead: all but the search document (which it never selects). */
const LEAD_COLUMNS = `id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
  source, source_id, source_url, edited_fields, identity_key, company_id, lacks_contacts, created_at, updated_at`;

/** The lead page query of the app's column path, as SQL text: the page's ids from the date index, then the rows. */
const PAGE_SQL = `
  select ${LEAD_COLUMNS.replace(/(\w+)/g, 'l.$1')}, (select count(*) from leads as earlier where earlier.company_id = l.company_id and earlier.funding_date < l.funding_date) as earlier_rounds,
    (select coalesce(json_agg(json_build_object('name', c.name, 'role', c.role, 'email', nullif(c.email, ''), 'linkedIn', c.linked_in) order by c.position), '[]'::json)
     from contacts as c where c.lead_id = l.id) as contacts
  from (select id from leads order by funding_date desc, id desc limit 20 offset $1) as page
  join leads as l on l.id = page.id
  order by l.funding_date desc, l.id desc`;

/** The deepest random offset of `/page?offset=random`: page 500 of 20, as bench/leads' random pages reach. */
export const FLOOR_MAX_OFFSET = 10_000;

/** The path of a bare page at a random offset 0-FLOOR_MAX_OFFSET (Math.random: the floor needs no fixed sequence). */
export function randomFloorPagePath(): string {
  return `/page?offset=${Math.floor(Math.random() * FLOOR_MAX_OFFSET)}`;
}

async function serve(url: string, port: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/select1', async () => (await pool.query('select 1 as one')).rows[0]);
  app.get('/lead', async () => ({ lead: (await pool.query(`select ${LEAD_COLUMNS} from leads where id = (select id from leads limit 1)`)).rows[0] }));
  app.get('/columns', async () => ({ leads: (await pool.query(`select ${LEAD_COLUMNS} from leads order by funding_date desc, id desc limit 20`)).rows }));
  app.get('/page', async (request) => {
    const offset = Number((request.query as { offset?: string }).offset ?? 0);
    return { leads: (await pool.query(PAGE_SQL, [offset])).rows };
  });
  await app.listen({ port, host: '127.0.0.1' });
}

/** Starts the bare server against the PostgreSQL database at url in a child process; resolves once it answers. */
export async function startFloorServer(url: string): Promise<{ base: string; close: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), url, String(port)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/health`);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { base, close: () => stop(child) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2] ?? '', Number(process.argv[3]));
