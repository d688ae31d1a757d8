// A saved search's webhook: the signing secret (hidden until asked), Rotate, Send test event, and the last 20 deliveries
// (a table on wide screens, a list on phones).
import type { AlertDelivery, SavedSearch } from '@fundwire/shared';
import { format } from 'date-fns';
import { Copy, Eye, EyeOff, RefreshCw, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/utils';
import { hasOutcome, useDeliveries, useRotateWebhookSecret, useSendTestEvent } from '../api';

const STATUS_LABEL: Record<AlertDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed', retrying: 'Retrying' };
const CHANNEL_LABEL: Record<AlertDelivery['channel'], string> = { email: 'Email', slack: 'Slack', webhook: 'Webhook' };
const DELIVERY_COLUMNS = ['Time', 'Channel', 'Status code', 'Duration', 'Status'] as const;

function StatusBadge({ delivery }: { delivery: AlertDelivery }) {
  const variant = delivery.status === 'delivered' ? 'success' : delivery.status === 'failed' ? 'destructive' : 'secondary';
  return (
    <Badge variant={variant} title={delivery.error ?? undefined}>
      {STATUS_LABEL[delivery.status]}
    </Badge>
  );
}

const when = (at: string) => format(new Date(at), 'MMM d, HH:mm:ss');
const duration = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);
const code = (statusCode: number | null) => (statusCode === null ? '—' : String(statusCode));
const eventLabel = (delivery: AlertDelivery) => (delivery.event === 'test' ? ' (test)' : '');

const TEST_EVENT_WAIT_MS = 120_000;

/** A test event's first outcome in words, for the line under Send test event and its toast. */
function testEventOutcome(delivery: AlertDelivery): { ok: boolean; text: string } {
  const detail = [delivery.statusCode === null ? null : `status ${delivery.statusCode}`, delivery.durationMs === null ? null : `${delivery.durationMs} ms`]
    .filter(Boolean)
    .join(', ');
  const suffix = detail ? ` (${detail})` : '';
  if (delivery.status === 'delivered') return { ok: true, text: `Test event delivered${suffix}.` };
  const reason = delivery.error ? `: ${delivery.error}` : '';
  if (delivery.status === 'retrying') return { ok: false, text: `Test event not delivered${suffix}${reason}. It will be retried.` };
  return { ok: false, text: `Test event failed${suffix}${reason}.` };
}

export function WebhookPanel({ search }: { search: SavedSearch }) {
  const [shown, setShown] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const rotate = useRotateWebhookSecret(search.id);
  const test = useSendTestEvent(search.id);
  const secret = search.webhook?.secret ?? '';
  // The test event just sent, watched until its first attempt has an outcome (or two minutes pass); then that outcome.
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const [timedOutId, setTimedOutId] = useState<string | null>(null);
  const deliveries = useDeliveries(search.id, watchedId !== null && watchedId !== timedOutId ? watchedId : null);
  const watched = watchedId === null ? undefined : deliveries.data?.find((delivery) => delivery.id === watchedId);
  const outcome = watched && hasOutcome(watched) ? testEventOutcome(watched) : null;
  const waiting = watchedId !== null && outcome === null && watchedId !== timedOutId;
  useEffect(() => {
    if (!waiting || watchedId === null) return;
    const timer = setTimeout(() => setTimedOutId(watchedId), TEST_EVENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, watchedId]);
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || watchedId === null || toasted.current === watchedId) return;
    toasted.current = watchedId;
    if (outcome.ok) toast.success(outcome.text);
    else toast.error(outcome.text);
  }, [outcome, watchedId]);
  const statusLine = waiting
    ? 'Test event queued. Its outcome shows here as soon as it is sent.'
    : outcome
      ? outcome.text
      : watchedId !== null
        ? 'The test event has not been sent yet. Its status shows below when it is.'
        : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy. Show the secret and copy it by hand.');
    }
  };

  return (
    <div className="grid gap-4 border-t border-border pt-4">
      {search.webhook && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Signing secret</p>
          {search.webhook.disabledAt && (
            <p role="status" className="text-sm text-destructive">
              The webhook is turned off{search.webhook.disabledReason ? `: ${search.webhook.disabledReason}` : ''}. A delivered test event turns it back on.
            </p>
          )}
          <code data-testid="webhook-secret" className="rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all">
            {shown ? secret : `${secret.slice(0, 6)}${'•'.repeat(16)}`}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setShown((value) => !value)} aria-pressed={shown}>
              {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {shown ? 'Hide secret' : 'Show secret'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy secret
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmRotate(true)}>
              <RefreshCw aria-hidden="true" />
              Rotate secret
            </Button>
          </div>
        </div>
      )}
      <div className="grid justify-items-start gap-2">
        <Button
          size="sm"
          disabled={test.isPending || waiting}
          aria-busy={test.isPending || waiting || undefined}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: ({ deliveryId }) => setWatchedId(deliveryId),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <Send aria-hidden="true" />
          {test.isPending || waiting ? 'Sending…' : 'Send test event'}
        </Button>
        <p role="status" data-testid="test-event-outcome" className={outcome && !outcome.ok ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {statusLine}
        </p>
      </div>
      <Deliveries searchId={search.id} deliveries={deliveries} />
      <ConfirmDialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title="Rotate the signing secret?"
        description="Deliveries are signed with a new secret from now on. Update your receiver, or it will reject them."
        confirmLabel="Rotate secret"
        busyLabel="Rotating…"
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              toast.success('Secret rotated');
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </div>
  );
}

function Deliveries({ searchId, deliveries }: { searchId: string; deliveries: ReturnType<typeof useDeliveries> }) {
  const headingId = `deliveries-${searchId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        Recent deliveries
      </h3>
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries…" showLabel />
      ) : deliveries.isError ? (
        <ErrorState className="py-6" message={deliveries.error.message} onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries yet. Send a test event to try the webhook.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-left text-sm" data-testid="deliveries-table">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  {DELIVERY_COLUMNS.map((column, index) => (
                    <th key={column} scope="col" className={cn('py-1.5 font-medium', index < DELIVERY_COLUMNS.length - 1 && 'pr-3')}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {deliveries.data.map((delivery) => (
                  <tr key={delivery.id} data-testid="delivery-row" className="border-t border-border">
                    <td className="py-1.5 pr-3 whitespace-nowrap">
                      <time dateTime={delivery.at}>{when(delivery.at)}</time>
                    </td>
                    <td className="py-1.5 pr-3">
                      {CHANNEL_LABEL[delivery.channel]}
                      {eventLabel(delivery)}
                    </td>
                    <td className="py-1.5 pr-3 tabular-nums">{code(delivery.statusCode)}</td>
                    <td className="py-1.5 pr-3 tabular-nums">{duration(delivery.durationMs)}</td>
                    <td className="py-1.5">
                      <StatusBadge delivery={delivery} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 sm:hidden" data-testid="deliveries-list">
            {deliveries.data.map((delivery) => (
              <li key={delivery.id} className="grid gap-1 rounded-md border border-border p-2 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span>
                    {CHANNEL_LABEL[delivery.channel]}
                    {eventLabel(delivery)}
                  </span>
                  <StatusBadge delivery={delivery} />
                </div>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={delivery.at}>{when(delivery.at)}</time> · Status code {code(delivery.statusCode)} · {duration(delivery.durationMs)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
