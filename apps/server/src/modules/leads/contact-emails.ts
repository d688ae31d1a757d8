// Contacts' emails as issue 31 keeps them: each with a status, a source and when it was checked; a bounce reported
// once hides the address from everyone but the admin. Every read and write of contacts' email fields is here.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MAX_BOUNCE_REPORTS_PER_HOUR, type EmailSource, type EmailStatus, type Lead } from '@fundwire/shared';
import { rowsOf, type Db, type RawQuery } from '../../db/client.js';
import { contacts, leads } from '../../db/schema/index.js';
import { notFound, tooManyRequests } from '../../errors.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { getAuthContext } from '../../plugins/access.js';

/**
 * One contact (alias `c`) as the API sends it, built by the database. A bounced address is null here: only the
 * admin's responses get it back (revealBouncedEmails).
 */
export const CONTACT_JSON_SQL = `json_build_object('id', c.id, 'name', c.name, 'role', c.role,
  'email', case when c.email_status = 'bounced' then null else nullif(c.email, '') end, 'linkedIn', c.linked_in,
  'emailStatus', case when c.email = '' then null else c.email_status end,
  'emailSource', case when c.email = '' then null else c.email_source end,
  'emailCheckedAt', to_char(c.email_checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'filedName', c.filed_name)`;

/** "Verified email only": a lead with at least one verified email (the partial index contacts_verified_lead_idx). */
export const VERIFIED_EMAIL_CONDITION: SQL = sql`exists (select 1 from ${contacts} where ${contacts.leadId} = ${leads.id} and ${contacts.emailStatus} = 'verified')`;

type ContactOut = Lead['contacts'][number];

/** Whether the caller is the admin (a session's or API key's account): only the admin sees bounced addresses. */
export async function isAdmin(request: FastifyRequest): Promise<boolean> {
  return (await getAuthContext(request))?.user.role === 'admin';
}

/** The admin sees bounced addresses (marked bounced); fills them into contacts that came out without them. */
export async function revealBouncedEmails(db: Db, contactLists: ContactOut[][]): Promise<void> {
  const hidden = contactLists.flat().filter((contact) => contact.emailStatus === 'bounced' && contact.email === null);
  if (hidden.length === 0) return;
  const rows = rowsOf<{ id: string; email: string }>(
    await db.execute(sql`select id::text as id, email from ${contacts} where id in ${hidden.map((contact) => contact.id)}`),
  );
  const byId = new Map(rows.map((row) => [row.id, row.email]));
  for (const contact of hidden) contact.email = byId.get(contact.id) ?? null;
}

/** The same for a list page's JSON text: parsed and written again only when it holds a hidden bounced address. */
export async function revealBouncedEmailsInJson(db: Db, json: string): Promise<string> {
  if (!json.includes('"bounced"')) return json;
  const page = JSON.parse(json) as { leads: Lead[] };
  await revealBouncedEmails(
    db,
    page.leads.map((lead) => lead.contacts),
  );
  return JSON.stringify(page);
}

/** A contact as a write replaces a lead's contacts with. */
export interface ContactRow {
  leadId: string;
  position: number;
  name: string;
  role: string;
  email: string;
  linkedIn: string;
  filedName?: string | null;
  /** Where a new address comes from, when not the call's `source` (an admin's own lead written by the batch path). */
  source?: 'import' | 'admin';
}

interface Previous {
  email: string;
  status: EmailStatus | null;
  source: EmailSource | null;
  checkedAt: string | null;
  bouncedFrom: EmailStatus | null;
  bouncedAt: string | null;
}

const personKey = (leadId: string, name: string) => `${leadId}|${name.trim().toLowerCase()}`;

/**
 * Replaces the contacts of `leadIds` with `rows` inside the caller's transaction, keeping what is known of each
 * person's email: an address found by enrichment stays when the new rows bring none, an unchanged address keeps its
 * status (a bounce too), and a new address from `source` starts unverified. An address bounced anywhere is bounced.
 */
export async function replaceContacts(query: RawQuery, leadIds: string[], rows: ContactRow[], source: 'import' | 'admin'): Promise<void> {
  if (leadIds.length === 0) return;
  const before = await query(
    `select lead_id, name, email, email_status, email_source, email_checked_at, bounced_from, bounced_at
       from contacts where lead_id = any($1::uuid[]) and email <> ''`,
    [leadIds],
  );
  const previous = new Map<string, Previous>();
  for (const row of before.rows) {
    previous.set(personKey(String(row.lead_id), String(row.name)), {
      email: String(row.email),
      status: (row.email_status as EmailStatus | null) ?? null,
      source: (row.email_source as EmailSource | null) ?? null,
      checkedAt: row.email_checked_at === null ? null : new Date(row.email_checked_at as string).toISOString(),
      bouncedFrom: (row.bounced_from as EmailStatus | null) ?? null,
      bouncedAt: row.bounced_at === null ? null : new Date(row.bounced_at as string).toISOString(),
    });
  }
  if (rows.length === 0) {
    await query('delete from contacts where lead_id = any($1::uuid[])', [leadIds]);
    return;
  }
  const columns = {
    leadIds: [] as string[],
    positions: [] as number[],
    names: [] as string[],
    roles: [] as string[],
    emails: [] as string[],
    links: [] as string[],
    filed: [] as (string | null)[],
    statuses: [] as (string | null)[],
    sources: [] as (string | null)[],
    checked: [] as (string | null)[],
    bouncedFrom: [] as (string | null)[],
    bouncedAt: [] as (string | null)[],
  };
  for (const row of rows) {
    const old = previous.get(personKey(row.leadId, row.name));
    const email = row.email.trim();
    let kept: Previous | null = null;
    if (old && email === '' && (old.source === 'provider' || old.source === 'pattern')) kept = old;
    else if (old && email !== '' && email.toLowerCase() === old.email.toLowerCase()) kept = { ...old, email };
    columns.leadIds.push(row.leadId);
    columns.positions.push(row.position);
    columns.names.push(row.name);
    columns.roles.push(row.role);
    columns.links.push(row.linkedIn);
    columns.filed.push(row.filedName ?? null);
    columns.emails.push(kept ? kept.email : email);
    columns.statuses.push(kept ? kept.status : email ? 'unverified' : null);
    columns.sources.push(kept ? kept.source : email ? (row.source ?? source) : null);
    columns.checked.push(kept ? kept.checkedAt : null);
    columns.bouncedFrom.push(kept ? kept.bouncedFrom : null);
    columns.bouncedAt.push(kept ? kept.bouncedAt : null);
  }
  // The old rows go and the new arrive in one statement, so the contacts triggers (migration 0033) see the lead's
  // people once, as they end up: a lead whose names stay the same is not written at all.
  await query(
    `with replaced as (delete from contacts where lead_id = any($13::uuid[]))
     insert into contacts (lead_id, position, name, role, email, linked_in, filed_name, email_status, email_source, email_checked_at, bounced_from, bounced_at)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                          $10::timestamptz[], $11::text[], $12::timestamptz[])`,
    [
      columns.leadIds,
      columns.positions,
      columns.names,
      columns.roles,
      columns.emails,
      columns.links,
      columns.filed,
      columns.statuses,
      columns.sources,
      columns.checked,
      columns.bouncedFrom,
      columns.bouncedAt,
      leadIds,
    ],
  );
  // A bounce is for everyone: an address reported bounced on any round is bounced here too.
  await query(
    `update contacts n set bounced_from = n.email_status, email_status = 'bounced', bounced_at = b.bounced_at
       from (select lower(email) as email, max(bounced_at) as bounced_at from contacts
              where email_status = 'bounced' and lower(email) in (select lower(email) from contacts where lead_id = any($1::uuid[]) and email <> '')
              group by 1) b
      where n.lead_id = any($1::uuid[]) and lower(n.email) = b.email and n.email_status is distinct from 'bounced'`,
    [leadIds],
  );
}

/**
 * Marks a contact's email bounced, for every contact with that address, at once; at most
 * MAX_BOUNCE_REPORTS_PER_HOUR reports an hour per account. 404 for an unknown contact or one without an email.
 */
export async function reportBounce(query: RawQuery, userId: string, contactId: string): Promise<{ id: string; emailStatus: 'bounced' }> {
  // One account's reports are counted one at a time: two at once cannot both be the tenth.
  await query('select pg_advisory_xact_lock(hashtext($1))', [`bounce:${userId}`]);
  const found = await query(`select email from contacts where id = $1 and email <> ''`, [contactId]);
  const email = found.rows[0]?.email as string | undefined;
  if (email === undefined) throw notFound('Contact not found, or it has no email');
  const recent = await query(`select count(*)::int as n from bounce_reports where user_id = $1 and reported_at > now() - interval '1 hour'`, [userId]);
  if (Number(recent.rows[0]?.n ?? 0) >= MAX_BOUNCE_REPORTS_PER_HOUR)
    throw tooManyRequests(`You can report at most ${MAX_BOUNCE_REPORTS_PER_HOUR} bounced emails an hour. Try again later.`);
  await query(
    // LIKE without wildcards (escaped) is equality the trigram index serves (contacts_email_trgm_idx).
    `update contacts set bounced_from = email_status, email_status = 'bounced', bounced_at = now(), email_checked_at = now()
      where email <> '' and lower(email) like $2 and lower(email) = lower($1) and email_status is distinct from 'bounced'`,
    [email, email.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)],
  );
  await query('insert into bounce_reports (user_id, contact_id, email) values ($1, $2, $3)', [userId, contactId, email]);
  await query(BUMP_LEADS_VERSION_SQL);
  return { id: contactId, emailStatus: 'bounced' };
}

/** The admin's undo: every contact with the address gets back the status it had before the report. */
export async function undoBounce(query: RawQuery, contactId: string): Promise<{ id: string; emailStatus: EmailStatus | null }> {
  const found = await query(`select email, email_status from contacts where id = $1`, [contactId]);
  const row = found.rows[0];
  if (!row) throw notFound('Contact not found');
  if (row.email_status !== 'bounced') return { id: contactId, emailStatus: (row.email_status as EmailStatus | null) ?? null };
  await query(
    `update contacts set email_status = coalesce(bounced_from, 'unverified'), bounced_from = null, bounced_at = null
      where lower(email) = lower($1) and email_status = 'bounced'`,
    [String(row.email)],
  );
  await query(BUMP_LEADS_VERSION_SQL);
  const after = await query('select email_status from contacts where id = $1', [contactId]);
  return { id: contactId, emailStatus: (after.rows[0]?.email_status as EmailStatus | null) ?? null };
}
