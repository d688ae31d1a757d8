// The 'crm.push' job: sends a push's pending leads chunk by chunk and records each lead's outcome as it is known,
// so a push resumes where it stopped after a restart (another worker takes the job over once its lease runs out).
// Outcomes are written only while this worker still holds the job's lease: a worker that was given up for dead
// cannot overwrite what its successor recorded.
import { CRM_LABELS, type Crm } from '@fundwire/shared';
import type { JobContext, JobKind } from '../../queue/queue.js';
import { RetryLater } from '../../queue/queue.js';
import { hasPaidAccessNow } from '../billing/index.js';
import { leadsForCrm } from '../leads/index.js';
import { connectionOf } from './connections.js';
import type { CrmContext } from './context.js';
import { CrmAuthError } from './http.js';
import { createHubspotWriter, HubspotSession } from './hubspot.js';
import { createPipedriveWriter, PipedriveSession } from './pipedrive.js';
import { CRM_PUSH_JOB } from './pushes.js';
import { RecordStore } from './records.js';
import type { CrmWriter, LeadOutcome } from './writer.js';

/** A push paused for a reconnect looks again this often (a reconnect wakes it at once). */
export const RECONNECT_CHECK_MS = 15 * 60_000;

export function crmPushJob(context: CrmContext, workerId: () => string): JobKind<{ pushId: string }> {
  return {
    kind: CRM_PUSH_JOB,
    maxAttempts: 8,
    async run(payload, job) {
      await runPush(context, payload.pushId, workerId(), job);
    },
  };
}

async function runPush(context: CrmContext, pushId: string, workerId: string, job: JobContext): Promise<void> {
  const query = (text: string, params: unknown[]) => context.database.rawTransaction((run) => run(text, params));
  const head = (await query(`select user_id, crm, status from crm_pushes where id = $1`, [pushId])).rows[0];
  if (!head || head.status === 'done' || head.status === 'failed') return;
  const userId = String(head.user_id);
  const crm = head.crm as Crm;
  const label = CRM_LABELS[crm];

  const report = async (leadId: string, outcome: LeadOutcome) => {
    const written = await query(
      `update crm_push_leads set status = $3, crm_company_url = $4, error = $5, attempts = attempts + 1
        where push_id = $1 and lead_id = $2
          and exists (select 1 from jobs where kind = $6 and key = $1::text and lease_owner = $7)
        returning lead_id`,
      [pushId, leadId, outcome.status, outcome.crmCompanyUrl, outcome.error, CRM_PUSH_JOB, workerId],
    );
    // Another worker holds the job now (this one stalled past its lease): stop before sending anything more.
    if (written.rows.length === 0) throw new Error('another worker took this push over');
  };
  const failRest = async (error: string) => {
    await query(`update crm_push_leads set status = 'failed', error = $2 where push_id = $1 and status = 'pending'`, [pushId, error]);
  };
  const finish = async () => {
    await query(
      `update crm_pushes set updated_at = now(),
         status = case when exists (select 1 from crm_push_leads where push_id = $1 and status = 'done') then 'done' else 'failed' end
        where id = $1`,
      [pushId],
    );
  };

  await query(`update crm_pushes set status = 'running', updated_at = now() where id = $1 and status = 'queued'`, [pushId]);
  // The one paid-access rule, at the moment of sending: a lapsed subscription sends nothing more.
  if (!(await hasPaidAccessNow(context.database.db, { adminEmail: context.config.adminEmail, billingMode: context.billingMode() }, userId))) {
    await failRest('Not sent: the account has no active subscription');
    return finish();
  }
  if (!(await connectionOf(context, userId, crm))) {
    await failRest(`Not sent: ${label} is not connected`);
    return finish();
  }

  const pending = (await query(`select lead_id from crm_push_leads where push_id = $1 and status = 'pending' order by position`, [pushId])).rows.map((row) =>
    String(row.lead_id),
  );
  const leads = await leadsForCrm(context.database.db, pending);
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  for (const id of pending) if (!byId.has(id)) await report(id, { status: 'failed', crmCompanyUrl: null, error: 'The lead no longer exists' });
  const ordered = pending.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const records = new RecordStore(context, userId, crm);
  const writer: CrmWriter =
    crm === 'hubspot'
      ? createHubspotWriter(context, new HubspotSession(context, userId, job.signal), records)
      : createPipedriveWriter(new PipedriveSession(context, userId, job.signal), records);
  try {
    for (let start = 0; start < ordered.length; start += writer.chunkSize) {
      if (job.signal.aborted) throw new Error('stopping');
      await writer.pushChunk(ordered.slice(start, start + writer.chunkSize), report);
    }
  } catch (error) {
    if (error instanceof CrmAuthError) {
      // Paused, not failed: the leads wait for the user to connect again, which wakes this job.
      await query(`update crm_push_leads set error = $2 where push_id = $1 and status = 'pending'`, [pushId, `Paused: reconnect ${label}`]);
      throw new RetryLater(RECONNECT_CHECK_MS, `paused: reconnect ${label}`);
    }
    throw error;
  }
  await finish();
}
