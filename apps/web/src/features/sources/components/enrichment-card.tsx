// /admin/sources: how well leads can be acted on. For the leads added in the last 30 days, by source, the share with a
// website, with an email and with a verified email; the provider's requests today against its daily limit, a pause
// after a rate limit, and its latest errors.
import type { SourcesResponse } from '@fundwire/shared';
import { CircleAlert, MailCheck, OctagonPause } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ScrollTable } from '@/components/layout/scroll-table';
import { formatCount } from '@/lib/format';
import { coveragePercent } from '@/lib/leads/enrichment';
import { budgetUsedPercent, coverageSourceLabel, providerBudgetText } from '../coverage';
import { formatExactTime, formatRelativeTime } from '../format';

type Enrichment = SourcesResponse['enrichment'];

export function EnrichmentCard({ enrichment }: { enrichment: Enrichment }) {
  const titleId = useId();
  const { providerEnabled, requestsToday, dailyLimit, pausedUntil, lastErrors, coverage } = enrichment;
  const used = budgetUsedPercent(requestsToday, dailyLimit);
  return (
    <Card data-testid="enrichment-card" role="region" aria-labelledby={titleId} className="gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="inline-flex items-center gap-2 text-base font-semibold">
          <MailCheck aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          Websites and emails
        </h2>
        <Badge data-testid="provider-enabled" variant={providerEnabled ? 'success' : 'outline'}>
          {providerEnabled ? 'Provider on' : 'Provider off'}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Leads added in the last 30 days, by source: how many have a website, at least one email, and at least one verified email.
        {!providerEnabled && ' Set HUNTER_API_KEY to look up websites and emails the filings do not give.'}
      </p>

      <CoverageTable coverage={coverage} />

      <div className="grid gap-2">
        <p data-testid="provider-budget" className="text-sm tabular-nums">
          {providerBudgetText(requestsToday, dailyLimit)}
        </p>
        <div
          role="progressbar"
          aria-label="Provider requests today"
          aria-valuemin={0}
          aria-valuemax={dailyLimit}
          aria-valuenow={Math.min(requestsToday, dailyLimit)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className={used >= 100 ? 'h-full bg-destructive' : 'h-full bg-primary'} style={{ width: `${used}%` }} />
        </div>
        {pausedUntil && (
          <p data-testid="provider-paused" className="inline-flex items-center gap-1.5 text-sm text-amber-900">
            <OctagonPause aria-hidden="true" className="size-4 shrink-0" />
            <span>
              Lookups paused after a rate limit until{' '}
              <time dateTime={pausedUntil} title={formatExactTime(pausedUntil)}>
                {formatExactTime(pausedUntil)} ({formatRelativeTime(pausedUntil)})
              </time>
            </span>
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Latest provider errors</h3>
        {lastErrors.length === 0 ? (
          <p data-testid="provider-no-errors" className="text-sm text-muted-foreground">
            No provider errors.
          </p>
        ) : (
          <ul data-testid="provider-errors" className="divide-y divide-border rounded-md border border-border text-sm">
            {lastErrors.map((error, index) => (
              <li key={`${error.at}-${index}`} data-testid="provider-error" className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                <time dateTime={error.at} title={formatExactTime(error.at)} className="shrink-0 text-muted-foreground tabular-nums">
                  {formatRelativeTime(error.at)}
                </time>
                <span className="inline-flex min-w-0 items-start gap-1.5 break-words">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                  {error.message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function CoverageTable({ coverage }: { coverage: Enrichment['coverage'] }) {
  if (coverage.length === 0) {
    return (
      <p data-testid="coverage-empty" className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        No leads were added in the last 30 days. Coverage shows here once sources bring new leads.
      </p>
    );
  }
  return (
    <ScrollTable
      data-testid="coverage-table"
      className="min-w-[32rem]"
      caption="Coverage of leads added in the last 30 days, by source"
      head={
        <>
          <th scope="col" className="px-3 py-2 font-medium">Source</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Leads</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">With website</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">With email</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">With verified email</th>
        </>
      }
    >
      {coverage.map((row) => (
        <tr key={row.source} data-testid="coverage-row" data-source={row.source}>
          <th scope="row" className="px-3 py-2 text-left font-medium">{coverageSourceLabel(row.source)}</th>
          <td className="px-3 py-2 text-right">{formatCount(row.leads)}</td>
          <Share testId="coverage-website" part={row.withWebsite} total={row.leads} />
          <Share testId="coverage-email" part={row.withEmail} total={row.leads} />
          <Share testId="coverage-verified" part={row.withVerifiedEmail} total={row.leads} />
        </tr>
      ))}
    </ScrollTable>
  );
}

function Share({ part, total, testId }: { part: number; total: number; testId: string }) {
  return (
    <td data-testid={testId} className="px-3 py-2 text-right">
      {coveragePercent(part, total)}
      <span className="ml-1 text-xs text-muted-foreground">({formatCount(part)})</span>
    </td>
  );
}
