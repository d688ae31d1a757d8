// A push's progress, asked for every second until it finishes: "12 of 40 sent, 1 failed", a bar, each failure with its
// reason, and each sent lead with its link in the CRM. Hiding it keeps the push going (the tray shows it).
import { CRM_LABELS, type CrmPush, type CrmPushResult } from '@fundwire/shared';
import { CircleAlert, CircleCheck, Clock, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useCrmPush } from '../api';
import { isPushFinished, pushPercent, pushProgressText } from '../crm-display';

export interface PushProgressDialogProps {
  pushId: string | null;
  onClose: () => void;
  onFinished: (push: CrmPush) => void;
}

export function PushProgressDialog({ pushId, onClose, onFinished }: PushProgressDialogProps) {
  const push = useCrmPush(pushId);
  const finished = push.data ? isPushFinished(push.data) : false;
  useEffect(() => {
    if (finished && push.data) onFinished(push.data);
  }, [finished, push.data, onFinished]);

  const crm = push.data ? CRM_LABELS[push.data.crm] : 'your CRM';
  const title = !push.data || !finished ? `Sending to ${crm}` : push.data.failed > 0 ? `Sent to ${crm}, with failures` : `Sent to ${crm}`;
  return (
    <Dialog open={pushId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="crm-push-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {finished ? 'Each lead is in your CRM once, whatever screen it was sent from.' : 'This keeps going if you close this window or reload the page.'}
          </DialogDescription>
        </DialogHeader>
        {push.data ? (
          <PushBody push={push.data} crm={crm} />
        ) : push.isError ? (
          <ErrorState
            className="py-6"
            title="Error loading the progress"
            message={push.error.message}
            onRetry={() => void push.refetch()}
            retrying={push.isFetching}
          />
        ) : (
          <Spinner label="Loading the progress…" showLabel />
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant={finished ? 'default' : 'outline'}>{finished ? 'Done' : 'Hide'}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PushBody({ push, crm }: { push: CrmPush; crm: string }) {
  const percent = pushPercent(push);
  // Failures first: they are what needs reading.
  const results = [...push.results].sort((a, b) => order(a) - order(b));
  return (
    <div className="grid gap-3">
      <p data-testid="crm-push-progress" aria-live="polite" className="text-sm font-medium tabular-nums">
        {pushProgressText(push)}
      </p>
      <div
        role="progressbar"
        aria-label={`Leads sent to ${crm}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={push.failed > 0 ? 'h-full bg-amber-500 transition-[width]' : 'h-full bg-primary transition-[width]'} style={{ width: `${percent}%` }} />
      </div>
      {results.length > 0 && (
        <ul aria-label="Leads in this push" className="max-h-72 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm">
          {results.map((result) => (
            <ResultRow key={result.leadId} result={result} crm={crm} />
          ))}
        </ul>
      )}
    </div>
  );
}

function order(result: CrmPushResult): number {
  return result.status === 'failed' ? 0 : result.status === 'pending' ? 1 : 2;
}

function ResultRow({ result, crm }: { result: CrmPushResult; crm: string }) {
  return (
    <li data-testid="crm-push-result" data-status={result.status} className="flex items-start gap-2 px-3 py-2">
      {result.status === 'failed' ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      ) : result.status === 'done' ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
      ) : (
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {result.companyName}
          <span className="sr-only">: {result.status === 'failed' ? 'failed' : result.status === 'done' ? 'sent' : 'waiting'}</span>
        </p>
        {result.status === 'failed' && <p className="text-destructive break-words">{result.error ?? 'It could not be sent.'}</p>}
      </div>
      {result.status === 'done' && result.crmCompanyUrl && (
        <a
          href={result.crmCompanyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1 rounded-sm text-primary underline-offset-4 hover:underline"
        >
          Open
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">
            {result.companyName} in {crm} (opens in a new tab)
          </span>
        </a>
      )}
    </li>
  );
}
