// A lead screen's CRM state: the connected CRMs, what the leads on screen already are in them ("In HubSpot"), and
// the pushes started here, watched until they finish (the progress dialog, or a small tray once it is hidden).
import type { Crm, CrmPush, CrmRecord } from '@fundwire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toaster';
import { crmKeys, useCrmRecords, useIntegrations, useStartCrmPush } from '../api';
import { crmsNeedingReconnect, pushSummary, recordsByLead, sendableCrms } from '../crm-display';
import { PushProgressDialog } from './push-progress-dialog';
import { PushTray } from './push-tray';

export interface CrmScreen {
  /** Connected CRMs that accept pushes now. */
  sendable: readonly Crm[];
  /** Connected CRMs that refused a refreshed token: pushes wait for a reconnect. */
  needsReconnect: readonly Crm[];
  /** The connections are not known (still loading, or their request failed): no button can be right yet. */
  loading: boolean;
  recordsFor: (leadId: string) => readonly CrmRecord[];
  send: (crm: Crm, leadIds: readonly string[]) => void;
  /** A push is being started (the POST is on its way). */
  starting: boolean;
}

const CrmScreenContext = createContext<CrmScreen | null>(null);

/** The screen's CRM state; null outside a CrmProvider (the buttons then render nothing). */
export function useCrmScreen(): CrmScreen | null {
  return use(CrmScreenContext);
}

const NO_RECORDS: readonly CrmRecord[] = [];

export function CrmProvider({ leadIds, children }: { leadIds: readonly string[]; children: ReactNode }) {
  const queryClient = useQueryClient();
  const integrations = useIntegrations();
  const records = useCrmRecords(leadIds, leadIds.length > 0);
  const start = useStartCrmPush();
  const [tracked, setTracked] = useState<readonly string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const announced = useRef(new Set<string>());

  const byLead = useMemo(() => recordsByLead(records.records), [records.records]);
  const send = useCallback(
    (crm: Crm, ids: readonly string[]) =>
      start.mutate(
        { crm, leadIds: ids },
        {
          onSuccess: (push) => {
            setTracked((current) => [...current.filter((id) => id !== push.id), push.id]);
            setOpenId(push.id);
          },
          onError: (error) => toast.error(error.message),
        },
      ),
    [start],
  );

  const onFinished = useCallback(
    (push: CrmPush) => {
      if (announced.current.has(push.id)) return;
      announced.current.add(push.id);
      void queryClient.invalidateQueries({ queryKey: crmKeys.records });
      // The open dialog says how it went; a hidden push says it in a toast.
      if (push.id === openId) return;
      const summary = pushSummary(push);
      toast[summary.kind](summary.message, {
        id: `crm-push:${push.id}`,
        action: { label: 'Details', onClick: () => setOpenId(push.id) },
      });
      setTracked((current) => current.filter((id) => id !== push.id));
    },
    [openId, queryClient],
  );

  const close = () => {
    const id = openId;
    setOpenId(null);
    // A finished push is done with once its dialog closes; an unfinished one stays in the tray.
    if (id && announced.current.has(id)) setTracked((current) => current.filter((known) => known !== id));
  };

  const value = useMemo<CrmScreen>(
    () => ({
      sendable: sendableCrms(integrations.data),
      needsReconnect: crmsNeedingReconnect(integrations.data),
      loading: integrations.data === undefined,
      recordsFor: (leadId) => byLead.get(leadId) ?? NO_RECORDS,
      send,
      starting: start.isPending,
    }),
    [integrations.data, byLead, send, start.isPending],
  );

  return (
    <CrmScreenContext value={value}>
      {children}
      <PushTray ids={tracked.filter((id) => id !== openId)} onOpen={setOpenId} onFinished={onFinished} />
      <PushProgressDialog pushId={openId} onClose={close} onFinished={onFinished} />
    </CrmScreenContext>
  );
}
