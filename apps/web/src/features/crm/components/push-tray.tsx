// Pushes still running after their dialog was hidden: one small button each under the header ("Sending to HubSpot ·
// 12 of 40 sent"), which opens the dialog again. Each is watched until it finishes.
import { CRM_LABELS, type CrmPush } from '@fundwire/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useCrmPush } from '../api';
import { isPushFinished, pushProgressText } from '../crm-display';

export interface PushTrayProps {
  ids: readonly string[];
  onOpen: (id: string) => void;
  onFinished: (push: CrmPush) => void;
}

export function PushTray({ ids, onOpen, onFinished }: PushTrayProps) {
  if (ids.length === 0) return null;
  return (
    <ul aria-label="Sending to your CRM" className="fixed top-[4.5rem] right-3 z-30 grid max-w-[calc(100%-1.5rem)] gap-2">
      {ids.map((id) => (
        <PushTrayItem key={id} id={id} onOpen={onOpen} onFinished={onFinished} />
      ))}
    </ul>
  );
}

function PushTrayItem({ id, onOpen, onFinished }: { id: string; onOpen: (id: string) => void; onFinished: (push: CrmPush) => void }) {
  const push = useCrmPush(id);
  const finished = push.data ? isPushFinished(push.data) : false;
  useEffect(() => {
    if (finished && push.data) onFinished(push.data);
  }, [finished, push.data, onFinished]);
  if (!push.data || finished) return null;
  return (
    <li>
      <button
        type="button"
        data-testid="crm-push-tray"
        onClick={() => onOpen(id)}
        className="flex max-w-full items-center gap-2 rounded-full border border-border bg-background px-3 py-1.5 text-sm shadow-lg hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none" />
        <span className="truncate">
          Sending to {CRM_LABELS[push.data.crm]} · <span className="tabular-nums">{pushProgressText(push.data)}</span>
        </span>
        <span className="sr-only">: show the progress</span>
      </button>
    </li>
  );
}
