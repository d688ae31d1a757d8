// Pushes: a list of leads to send to one CRM, recorded with one result row per lead and run as a job
// ('crm.push', keyed by the push id) in the same transaction, so a push is never recorded without its job.
import { CRM_LABELS, type Crm, type CrmPush, type CrmRecord } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { enqueueJob } from '../../queue/queue.js';
import { leadsForCrm } from '../leads/index.js';
import { connectionOf } from './connections.js';
import type { CrmContext } from './context.js';

export const CRM_PUSH_JOB = 'crm.push';

export async function requireConnected(context: CrmContext, userId: string, crm: Crm): Promise<void> {
  const connection = await connectionOf(context, userId, crm);
  if (!connection) throw badRequest(`Connect ${CRM_LABELS[crm]} first (Integrations)`);
  if (connection.needsReconnect) throw badRequest(`Reconnect ${CRM_LABELS[crm]} first (Integrations)`);
}

/**
 * Inside the caller's transaction: the push, its leads (in the order given) and its job. The leads must exist
 * (the caller checked them); names are kept so the progress screen can show them without another read.
 */
export async function insertPush(
  query: RawQuery,
  push: { id?: string; userId: string; crm: Crm; leads: { id: string; companyName: string }[]; savedSearchId?: string | null },
): Promise<string> {
  const inserted = await query('insert into crm_pushes (id, user_id, crm, saved_search_id) values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4) returning id', [
    push.id ?? null,
    push.userId,
    push.crm,
    push.savedSearchId ?? null,
  ]);
  const id = String(inserted.rows[0]!.id);
  await query(
    `insert into crm_push_leads (push_id, lead_id, position, company_name)
     select $1, lead_id, position, company_name from unnest($2::uuid[], $3::int[], $4::text[]) as t(lead_id, position, company_name)
     on conflict do nothing`,
    [id, push.leads.map((lead) => lead.id), push.leads.map((_, index) => index), push.leads.map((lead) => lead.companyName)],
  );
  await enqueueJob(query, CRM_PUSH_JOB, id, { pushId: id });
  return id;
}

/** POST /api/crm/pushes: checked (connected, every lead exists), recorded and queued; the work runs as a job. */
export async function createPush(context: CrmContext, userId: string, crm: Crm, leadIds: string[]): Promise<CrmPush> {
  await requireConnected(context, userId, crm);
  const unique = [...new Set(leadIds)];
  const found = await leadsForCrm(context.database.db, unique);
  if (found.length !== unique.length) {
    const known = new Set(found.map((lead) => lead.id));
    const missing = unique.filter((id) => !known.has(id));
    throw badRequest(`${missing.length === 1 ? 'A lead was' : `${missing.length} leads were`} not found; nothing was sent`);
  }
  const names = new Map(found.map((lead) => [lead.id, lead.companyName]));
  const id = await context.database.rawTransaction((query) =>
    insertPush(query, { userId, crm, leads: unique.map((leadId) => ({ id: leadId, companyName: names.get(leadId)! })) }),
  );
  return getPush(context, userId, id);
}

/** Another account's push is not found, the same as one that does not exist. */
export async function getPush(context: CrmContext, userId: string, id: string): Promise<CrmPush> {
  const push = await context.database.rawTransaction(async (query) => {
    const head = await query(`select id, crm, status, created_at from crm_pushes where id = $1 and user_id = $2`, [id, userId]);
    const row = head.rows[0];
    if (!row) return null;
    const leads = await query(
      `select lead_id, company_name, status, crm_company_url, error from crm_push_leads where push_id = $1 order by position`,
      [id],
    );
    return { row, leads: leads.rows };
  });
  if (!push) throw notFound('Push not found');
  const results = push.leads.map((lead) => ({
    leadId: String(lead.lead_id),
    companyName: String(lead.company_name),
    status: lead.status as 'pending' | 'done' | 'failed',
    crmCompanyUrl: lead.crm_company_url === null ? null : String(lead.crm_company_url),
    error: lead.error === null ? null : String(lead.error),
  }));
  return {
    id: String(push.row.id),
    crm: push.row.crm as Crm,
    status: push.row.status as CrmPush['status'],
    total: results.length,
    done: results.filter((result) => result.status === 'done').length,
    failed: results.filter((result) => result.status === 'failed').length,
    createdAt: new Date(push.row.created_at as string | Date).toISOString(),
    results,
  };
}

/** GET /api/crm/records: where this account's leads are, per CRM (the company record). */
export async function listRecords(context: CrmContext, userId: string, leadIds: string[]): Promise<CrmRecord[]> {
  const { rows } = await context.database.rawTransaction((query) =>
    query(
      `select lead_id, crm, crm_url, pushed_at from crm_records
        where user_id = $1 and kind = 'company' and lead_id = any($2::uuid[]) and crm_url is not null
        order by lead_id, crm`,
      [userId, leadIds],
    ),
  );
  return rows.map((row) => ({
    leadId: String(row.lead_id),
    crm: row.crm as Crm,
    crmCompanyUrl: String(row.crm_url),
    pushedAt: new Date(row.pushed_at as string | Date).toISOString(),
  }));
}
