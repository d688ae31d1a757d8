// What this account pushed where: crm_records, one row per (CRM, kind, our id). Read once per chunk of leads,
// written as each record is made, so a push that stops half-way resumes without a second company, contact or note.
import type { Crm } from '@fundwire/shared';
import type { CrmContext } from './context.js';

export type RecordKind = 'company' | 'contact' | 'note';

export interface CrmRecordRow {
  crmId: string;
  crmUrl: string | null;
  parentCrmId: string | null;
}

export class RecordStore {
  private readonly rows = new Map<string, CrmRecordRow>();
  constructor(
    private readonly context: CrmContext,
    readonly userId: string,
    readonly crm: Crm,
  ) {}

  async load(localIds: string[]): Promise<void> {
    if (localIds.length === 0) return;
    const { rows } = await this.context.database.rawTransaction((query) =>
      query(`select kind, local_id, crm_id, crm_url, parent_crm_id from crm_records where user_id = $1 and crm = $2 and local_id = any($3::text[])`, [
        this.userId,
        this.crm,
        localIds,
      ]),
    );
    for (const row of rows) {
      this.rows.set(`${String(row.kind)}:${String(row.local_id)}`, {
        crmId: String(row.crm_id),
        crmUrl: row.crm_url === null ? null : String(row.crm_url),
        parentCrmId: row.parent_crm_id === null ? null : String(row.parent_crm_id),
      });
    }
  }

  get(kind: RecordKind, localId: string): CrmRecordRow | undefined {
    return this.rows.get(`${kind}:${localId}`);
  }

  async save(kind: RecordKind, localId: string, record: CrmRecordRow & { leadId: string }): Promise<void> {
    this.rows.set(`${kind}:${localId}`, { crmId: record.crmId, crmUrl: record.crmUrl, parentCrmId: record.parentCrmId });
    await this.context.database.rawTransaction((query) =>
      query(
        `insert into crm_records (user_id, crm, kind, local_id, crm_id, lead_id, crm_url, parent_crm_id) values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (user_id, crm, kind, local_id) do update set crm_id = excluded.crm_id, lead_id = excluded.lead_id, crm_url = excluded.crm_url,
           parent_crm_id = excluded.parent_crm_id, pushed_at = now()`,
        [this.userId, this.crm, kind, localId, record.crmId, record.leadId, record.crmUrl, record.parentCrmId],
      ),
    );
  }
}
