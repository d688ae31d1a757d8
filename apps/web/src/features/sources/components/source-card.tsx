// One lead source on /admin/sources: on or off (and how to turn it on), its last and next run, what each
// day's run found and did, its latest errors, the filings that failed and why, and Run now.
import type { SourceDay, SourceError, SourceFailure, SourceStatus } from '@fundwire/shared';
import { CircleAlert, OctagonPause, Play } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ScrollTable } from '@/components/layout/scroll-table';
import { dayStatusLabel, formatExactTime, formatRelativeTime, formatSkipped, totalSkipped } from '../format';
import { formatCount } from '@/lib/format';

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatExactTime(iso)}>
      {formatRelativeTime(iso)}
      <span className="block text-xs text-muted-foreground">{formatExactTime(iso)}</span>
    </time>
  );
}

const RUN_STATUS: Record<NonNullable<SourceStatus['lastRun']>['status'], { label: string; variant: 'secondary' | 'success' | 'destructive' }> = {
  running: { label: 'Running', variant: 'secondary' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function DayStatusBadge({ status }: { status: SourceDay['status'] }) {
  const variant = status === 'done' ? 'success' : status === 'failed' ? 'destructive' : status === 'no-index' ? 'outline' : 'secondary';
  return <Badge variant={variant}>{dayStatusLabel(status)}</Badge>;
}


function DaysTable({ days, name }: { days: SourceDay[]; name: string }) {
  return (
    <ScrollTable
      data-testid="source-days"
      className="min-w-[40rem]"
      caption={`${name}: filings per day`}
      head={
        <>
          <th scope="col" className="px-3 py-2 font-medium">Day</th>
          <th scope="col" className="px-3 py-2 font-medium">Status</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Filings seen</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Created</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Updated</th>
          <th scope="col" className="px-3 py-2 font-medium">Skipped</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Failed</th>
          {/* No sr-only note here: an absolutely positioned span in a scrolled table widens the page at 375 px. */}
          <th scope="col" className="px-3 py-2 text-right font-medium" title="Contacts beyond the 20 a lead keeps">
            Contacts left out
          </th>
        </>
      }
    >
      {days.map((day) => (
        <tr key={day.day} data-testid="source-day" data-day={day.day}>
          <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">{day.day}</th>
          <td className="px-3 py-2"><DayStatusBadge status={day.status} /></td>
          <td className="px-3 py-2 text-right" data-testid="day-seen">{formatCount(day.filingsSeen)}</td>
          <td className="px-3 py-2 text-right" data-testid="day-created">{formatCount(day.created)}</td>
          <td className="px-3 py-2 text-right" data-testid="day-updated">{formatCount(day.updated)}</td>
          <td className="px-3 py-2" data-testid="day-skipped">
            {totalSkipped(day.skipped) === 0 ? <span className="text-muted-foreground">none</span> : formatSkipped(day.skipped)}
          </td>
          <td className={day.failed > 0 ? 'px-3 py-2 text-right font-medium text-destructive' : 'px-3 py-2 text-right'} data-testid="day-failed">
            {formatCount(day.failed)}
          </td>
          <td className="px-3 py-2 text-right" data-testid="day-contacts-skipped" title="Contacts beyond the 20 a lead keeps">
            {formatCount(day.contactsSkipped)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function ErrorList({ errors }: { errors: SourceError[] }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="source-errors">
      {errors.map((error, index) => (
        <li key={`${error.at}-${index}`} className="flex flex-col gap-1 px-3 py-2">
          <p className="break-words">{error.reason}</p>
          <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <time dateTime={error.at} title={formatExactTime(error.at)}>{formatRelativeTime(error.at)}</time>
            {error.day && <span>day {error.day}</span>}
            {error.item && <span className="break-all">filing {error.item}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}

function FailureList({ failures }: { failures: SourceFailure[] }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="source-failures">
      {failures.map((failure) => (
        <li key={failure.item} className="flex flex-col gap-1 px-3 py-2" data-testid="source-failure" data-item={failure.item}>
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium">Filing {failure.item}</span>
            <Badge variant={failure.result === 'failed' ? 'destructive' : 'outline'}>{failure.result === 'failed' ? 'Failed' : 'Unreadable'}</Badge>
          </p>
          <p className="break-words">{failure.reason}</p>
          <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span>day {failure.day}</span>
            <span>
              {failure.attempts} {failure.attempts === 1 ? 'attempt' : 'attempts'}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export interface SourceCardProps {
  source: SourceStatus;
  onRun: () => void;
  running: boolean;
}

export function SourceCard({ source, onRun, running }: SourceCardProps) {
  const headingId = useId();
  const hintId = useId();
  const runStatus = source.lastRun ? RUN_STATUS[source.lastRun.status] : null;
  const inProgress = source.lastRun?.status === 'running';
  return (
    <Card className="p-5 sm:p-6" data-testid="source-card" data-source={source.id}>
      <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-1 gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-lg font-semibold">{source.name}</h2>
              <Badge variant={source.enabled ? 'success' : 'outline'} data-testid="source-enabled">
                {source.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </div>
            {!source.enabled && (
              <p id={hintId} className="mt-2 max-w-2xl text-sm text-muted-foreground" data-testid="source-enable-hint">
                {source.enableHint ?? 'This source is turned off in the server configuration.'}
              </p>
            )}
          </div>
          <Button
            onClick={onRun}
            disabled={!source.enabled || running}
            aria-describedby={source.enabled ? undefined : hintId}
            className="self-start"
          >
            <Play aria-hidden="true" />
            {running ? 'Starting…' : 'Run now'}
          </Button>
        </div>

        {source.paused && (
          <div role="alert" className="flex gap-2 rounded-lg border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm" data-testid="source-paused">
            <OctagonPause aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <div className="min-w-0">
              <p className="font-medium">
                Paused until <Time iso={source.paused.until} />
              </p>
              <p className="mt-1 break-words">{source.paused.reason}</p>
            </div>
          </div>
        )}

        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Last run</dt>
            <dd className="mt-1" data-testid="source-last-run">
              {source.lastRun && runStatus ? (
                <div className="flex flex-col gap-1">
                  <Badge variant={runStatus.variant}>{runStatus.label}</Badge>
                  <span>
                    Started <Time iso={source.lastRun.startedAt} />
                  </span>
                  {source.lastRun.finishedAt && (
                    <span>
                      Finished <Time iso={source.lastRun.finishedAt} />
                    </span>
                  )}
                </div>
              ) : (
                'Never run yet'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Next run</dt>
            <dd className="mt-1" data-testid="source-next-run">
              {inProgress ? 'After the current run' : source.nextRunAt ? <Time iso={source.nextRunAt} /> : source.enabled ? 'Not scheduled' : 'None while disabled'}
            </dd>
          </div>
        </dl>

        <div>
          <h3 className="mb-2 text-sm font-semibold">Days</h3>
          {source.days.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground" data-testid="source-no-days">
              {source.enabled
                ? 'No runs yet. The first run starts shortly after the server starts; Run now starts one at once.'
                : 'No runs yet. Turn the source on to fetch filings.'}
            </p>
          ) : (
            <DaysTable days={source.days} name={source.name} />
          )}
        </div>

        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
            {source.errors.length > 0 && <CircleAlert aria-hidden="true" className="size-4 text-destructive" />}
            Latest errors
          </h3>
          {source.errors.length === 0 ? <p className="text-sm text-muted-foreground">No errors.</p> : <ErrorList errors={source.errors} />}
        </div>

        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
            {source.failures.length > 0 && <CircleAlert aria-hidden="true" className="size-4 text-destructive" />}
            Filings that failed
          </h3>
          {source.failures.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="source-no-failures">
              No failed filings.
            </p>
          ) : (
            <FailureList failures={source.failures} />
          )}
        </div>
      </section>
    </Card>
  );
}
