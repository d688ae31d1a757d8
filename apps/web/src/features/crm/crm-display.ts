// How CRM connections, pushes and records read on screen: pure functions, shared by the CRM components.
import { CRM_LABELS, CRMS, MAX_CRM_PUSH_LEADS, MAX_CRM_RECORD_LOOKUP, type Crm, type CrmPush, type CrmRecord, type Integrations } from '@fundwire/shared';

export { CRM_LABELS, MAX_CRM_PUSH_LEADS };

const countFormatter = new Intl.NumberFormat('en-US');

/** The CRMs leads can be sent to now: connected, and not waiting to be connected again. */
export function sendableCrms(integrations: Integrations | undefined): Crm[] {
  if (!integrations) return [];
  return CRMS.filter((crm) => integrations[crm].connected && !integrations[crm].needsReconnect);
}

/** The CRMs that answered 401 after a refresh: their pushes are paused until the user connects again. */
export function crmsNeedingReconnect(integrations: Integrations | undefined): Crm[] {
  if (!integrations) return [];
  return CRMS.filter((crm) => integrations[crm].connected && integrations[crm].needsReconnect);
}

export function isPushFinished(push: Pick<CrmPush, 'status'>): boolean {
  return push.status === 'done' || push.status === 'failed';
}

/** "12 of 40 sent, 1 failed"; "Waiting to start" before the job picks it up. */
export function pushProgressText(push: Pick<CrmPush, 'status' | 'total' | 'done' | 'failed'>): string {
  const sent = `${countFormatter.format(push.done)} of ${countFormatter.format(push.total)} sent`;
  const failed = push.failed > 0 ? `, ${countFormatter.format(push.failed)} failed` : '';
  if (push.status === 'queued' && push.done === 0 && push.failed === 0) return `Waiting to start · ${sent}`;
  return `${sent}${failed}`;
}

/** The share of leads handled (sent or failed), 0-100, for the progress bar. */
export function pushPercent(push: Pick<CrmPush, 'total' | 'done' | 'failed'>): number {
  if (push.total <= 0) return 100;
  return Math.min(100, Math.round(((push.done + push.failed) / push.total) * 100));
}

/** The closing toast: how it went, in one line. */
export function pushSummary(push: Pick<CrmPush, 'crm' | 'status' | 'total' | 'done' | 'failed'>): { kind: 'success' | 'error'; message: string } {
  const crm = CRM_LABELS[push.crm];
  if (push.failed === 0 && push.status === 'done') {
    return {
      kind: 'success',
      message: `${push.total === 1 ? 'The lead is' : `${countFormatter.format(push.done)} leads are`} in ${crm}`,
    };
  }
  if (push.done === 0)
    return {
      kind: 'error',
      message: `Nothing was sent to ${crm}: ${push.failed === 1 ? 'the lead failed' : `all ${countFormatter.format(push.failed)} leads failed`}`,
    };
  return {
    kind: 'error',
    message: `${countFormatter.format(push.done)} of ${countFormatter.format(push.total)} sent to ${crm}, ${countFormatter.format(push.failed)} failed`,
  };
}

/** "Send to HubSpot", or "Send 12 to HubSpot" for a selection. */
export function sendLabel(crm: Crm, count?: number): string {
  return count === undefined ? `Send to ${CRM_LABELS[crm]}` : `Send ${countFormatter.format(count)} to ${CRM_LABELS[crm]}`;
}

/** Why a selection cannot be sent at once, or null when it can. */
export function selectionProblem(count: number): string | null {
  if (count === 0) return 'Select at least one lead';
  if (count > MAX_CRM_PUSH_LEADS)
    return `Send at most ${countFormatter.format(MAX_CRM_PUSH_LEADS)} leads at once: ${countFormatter.format(count)} are selected`;
  return null;
}

/** Distinct ids in order, in chunks GET /api/crm/records accepts. */
export function chunkLeadIds(ids: readonly string[], size = MAX_CRM_RECORD_LOOKUP): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += size) chunks.push(unique.slice(start, start + size));
  return chunks;
}

/** Each lead's records, HubSpot before Pipedrive. */
export function recordsByLead(records: readonly CrmRecord[]): Map<string, CrmRecord[]> {
  const byLead = new Map<string, CrmRecord[]>();
  for (const record of records) {
    const list = byLead.get(record.leadId) ?? [];
    if (!list.some((known) => known.crm === record.crm)) list.push(record);
    byLead.set(record.leadId, list);
  }
  for (const list of byLead.values()) list.sort((a, b) => CRMS.indexOf(a.crm) - CRMS.indexOf(b.crm));
  return byLead;
}

/** Where the HubSpot connection comes back to: /integrations?connected=hubspot or ?error=<message>. */
export function connectionReturnNotice(params: URLSearchParams): { kind: 'success' | 'error'; message: string } | null {
  const error = params.get('error');
  if (error !== null)
    return {
      kind: 'error',
      message: error.trim() || 'The connection did not complete. Try again.',
    };
  const connected = params.get('connected');
  if (connected !== null && (CRMS as readonly string[]).includes(connected))
    return {
      kind: 'success',
      message: `${CRM_LABELS[connected as Crm]} connected`,
    };
  return null;
}
