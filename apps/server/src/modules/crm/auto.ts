// The saved-search CRM channel (alerts.crm): inside the matcher's transaction, each new match of a search whose
// owner has paid access becomes part of one push per (account, CRM, search), once per lead and account: the
// crm_auto_pushed key makes a lead that a second search also matches, or a match seen again, push nothing more.
import { randomUUID } from 'node:crypto';
import type { Crm } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { companyNamesWithin } from '../leads/index.js';
import { insertPush } from './pushes.js';

export interface CrmMatch {
  savedSearchId: string;
  userId: string;
  crm: Crm;
  leadId: string;
}

/** Returns how many leads were queued. Accounts that have not connected that CRM (or must reconnect it) get nothing. */
export async function queueSavedSearchCrmPushes(query: RawQuery, matches: CrmMatch[]): Promise<number> {
  if (matches.length === 0) return 0;
  const groups = new Map<string, CrmMatch[]>();
  for (const match of matches) {
    const key = `${match.userId}|${match.crm}|${match.savedSearchId}`;
    groups.set(key, [...(groups.get(key) ?? []), match]);
  }
  const connected = await query(
    `select user_id, crm from crm_connections where user_id = any($1::text[]) and not needs_reconnect`,
    [[...new Set(matches.map((match) => match.userId))]],
  );
  const usable = new Set(connected.rows.map((row) => `${String(row.user_id)}|${String(row.crm)}`));
  let queued = 0;
  for (const group of groups.values()) {
    const { userId, crm, savedSearchId } = group[0]!;
    if (!usable.has(`${userId}|${crm}`)) continue;
    const pushId = randomUUID();
    const claimed = await query(
      `insert into crm_auto_pushed (user_id, crm, lead_id, push_id) select $1, $2, lead_id, $3 from unnest($4::uuid[]) as t(lead_id)
       on conflict do nothing returning lead_id`,
      [userId, crm, pushId, [...new Set(group.map((match) => match.leadId))]],
    );
    const leadIds = claimed.rows.map((row) => String(row.lead_id));
    if (leadIds.length === 0) continue;
    const names = await companyNamesWithin(query, leadIds);
    const leads = leadIds.filter((id) => names.has(id)).map((id) => ({ id, companyName: names.get(id)! }));
    if (leads.length === 0) continue;
    await insertPush(query, { id: pushId, userId, crm, leads, savedSearchId });
    queued += leads.length;
  }
  return queued;
}
