import type { CrmRecord, Integrations } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import {
  chunkLeadIds,
  connectionReturnNotice,
  crmsNeedingReconnect,
  isPushFinished,
  pushPercent,
  pushProgressText,
  pushSummary,
  recordsByLead,
  selectionProblem,
  sendableCrms,
  sendLabel,
} from './crm-display';

function integrations(
  overrides: {
    hubspot?: Partial<Integrations['hubspot']>;
    pipedrive?: Partial<Integrations['pipedrive']>;
  } = {},
): Integrations {
  return {
    hubspot: {
      available: true,
      connected: false,
      accountName: null,
      portalId: null,
      needsReconnect: false,
      ...overrides.hubspot,
    },
    pipedrive: {
      available: true,
      connected: false,
      accountName: null,
      needsReconnect: false,
      ...overrides.pipedrive,
    },
  };
}

describe('which CRMs leads can go to', () => {
  it('offers connected CRMs only, HubSpot first, and none that wait for a reconnect', () => {
    expect(sendableCrms(undefined)).toEqual([]);
    expect(sendableCrms(integrations())).toEqual([]);
    expect(sendableCrms(integrations({ pipedrive: { connected: true } }))).toEqual(['pipedrive']);
    expect(
      sendableCrms(
        integrations({
          hubspot: { connected: true },
          pipedrive: { connected: true },
        }),
      ),
    ).toEqual(['hubspot', 'pipedrive']);
    const lapsed = integrations({
      hubspot: { connected: true, needsReconnect: true },
      pipedrive: { connected: true },
    });
    expect(sendableCrms(lapsed)).toEqual(['pipedrive']);
    expect(crmsNeedingReconnect(lapsed)).toEqual(['hubspot']);
    expect(crmsNeedingReconnect(integrations({ hubspot: { needsReconnect: true } }))).toEqual([]);
  });
});

describe('a push in words', () => {
  it('counts what was sent and what failed', () => {
    expect(pushProgressText({ status: 'running', total: 40, done: 12, failed: 1 })).toBe('12 of 40 sent, 1 failed');
    expect(pushProgressText({ status: 'running', total: 40, done: 12, failed: 0 })).toBe('12 of 40 sent');
    expect(pushProgressText({ status: 'queued', total: 500, done: 0, failed: 0 })).toBe('Waiting to start · 0 of 500 sent');
    expect(pushProgressText({ status: 'done', total: 1200, done: 1200, failed: 0 })).toBe('1,200 of 1,200 sent');
  });

  it('is finished when done or failed, and its bar counts failures as handled', () => {
    expect(['queued', 'running'].map((status) => isPushFinished({ status: status as 'queued' }))).toEqual([false, false]);
    expect(['done', 'failed'].map((status) => isPushFinished({ status: status as 'done' }))).toEqual([true, true]);
    expect(pushPercent({ total: 40, done: 12, failed: 8 })).toBe(50);
    expect(pushPercent({ total: 3, done: 1, failed: 0 })).toBe(33);
    expect(pushPercent({ total: 0, done: 0, failed: 0 })).toBe(100);
  });

  it('sums up the end in one line', () => {
    expect(
      pushSummary({
        crm: 'hubspot',
        status: 'done',
        total: 1,
        done: 1,
        failed: 0,
      }),
    ).toEqual({ kind: 'success', message: 'The lead is in HubSpot' });
    expect(
      pushSummary({
        crm: 'pipedrive',
        status: 'done',
        total: 3,
        done: 3,
        failed: 0,
      }),
    ).toEqual({ kind: 'success', message: '3 leads are in Pipedrive' });
    expect(
      pushSummary({
        crm: 'hubspot',
        status: 'done',
        total: 40,
        done: 39,
        failed: 1,
      }),
    ).toEqual({
      kind: 'error',
      message: '39 of 40 sent to HubSpot, 1 failed',
    });
    expect(
      pushSummary({
        crm: 'hubspot',
        status: 'failed',
        total: 2,
        done: 0,
        failed: 2,
      }).message,
    ).toBe('Nothing was sent to HubSpot: all 2 leads failed');
  });
});

describe('sending a selection', () => {
  it('names the CRM and the count', () => {
    expect(sendLabel('hubspot')).toBe('Send to HubSpot');
    expect(sendLabel('pipedrive', 12)).toBe('Send 12 to Pipedrive');
  });

  it('refuses nothing and more than 500 leads, as the server does', () => {
    expect(selectionProblem(0)).toBe('Select at least one lead');
    expect(selectionProblem(1)).toBeNull();
    expect(selectionProblem(500)).toBeNull();
    expect(selectionProblem(501)).toBe('Send at most 500 leads at once: 501 are selected');
  });
});

describe('records of the leads on screen', () => {
  it('asks for distinct ids, 100 at a time', () => {
    const ids = Array.from({ length: 250 }, (_, index) => `lead-${index}`);
    const chunks = chunkLeadIds([...ids, 'lead-0', 'lead-1']);
    expect(chunks.map((chunk) => chunk.length)).toEqual([100, 100, 50]);
    expect(chunks.flat()).toEqual(ids);
    expect(chunkLeadIds([])).toEqual([]);
  });

  it('groups them by lead, one per CRM, HubSpot first', () => {
    const record = (leadId: string, crm: CrmRecord['crm']): CrmRecord => ({
      leadId,
      crm,
      crmCompanyUrl: `https://${crm}.example/${leadId}`,
      pushedAt: '2026-11-27T10:00:00.000Z',
    });
    const byLead = recordsByLead([record('a', 'pipedrive'), record('a', 'hubspot'), record('b', 'hubspot'), record('a', 'hubspot')]);
    expect(byLead.get('a')?.map((known) => known.crm)).toEqual(['hubspot', 'pipedrive']);
    expect(byLead.get('b')?.map((known) => known.crmCompanyUrl)).toEqual(['https://hubspot.example/b']);
    expect(byLead.get('c')).toBeUndefined();
  });
});

describe('coming back from HubSpot', () => {
  it('says it connected, or why not', () => {
    expect(connectionReturnNotice(new URLSearchParams('connected=hubspot'))).toEqual({ kind: 'success', message: 'HubSpot connected' });
    expect(connectionReturnNotice(new URLSearchParams('error=You+declined+access'))).toEqual({ kind: 'error', message: 'You declined access' });
    expect(connectionReturnNotice(new URLSearchParams('error='))?.message).toBe('The connection did not complete. Try again.');
    expect(connectionReturnNotice(new URLSearchParams('connected=salesforce'))).toBeNull();
    expect(connectionReturnNotice(new URLSearchParams(''))).toBeNull();
  });
});
