// Totals for the whole lead database (not the current filters), from GET /api/leads/stats.
import type { LeadStats } from '@fundwire/shared';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatMoney } from '@/lib/format';
import { useLeadStats } from '../api';


const ITEMS: { label: string; value: (stats: LeadStats) => string; hint?: string }[] = [
  { label: 'Total Leads', value: (stats) => formatCount(stats.totalLeads) },
  { label: 'Total Funding', value: (stats) => formatMoney(stats.totalFunding), hint: 'Disclosed amounts only' },
  { label: 'Avg Funding', value: (stats) => formatMoney(stats.avgFunding), hint: 'Mean of the disclosed amounts' },
  { label: 'This Week', value: (stats) => formatCount(stats.recentLeads), hint: 'Funded in the last 7 days' },
];

export function DatabaseSummary() {
  const { data, isPending, isError, error, refetch, isFetching } = useLeadStats();
  return (
    <Card data-testid="database-summary" aria-labelledby="database-summary-title" role="region" className="p-6">
      <h2 id="database-summary-title" className="text-base font-semibold">
        Database Summary
      </h2>
      {/* The figures are the whole database's: said so, beside lists that follow the filters. */}
      <p data-testid="summary-scope" className="mt-1 text-xs text-muted-foreground">
        Every lead in the database, whatever the filters below.
      </p>

      {isError && !data ? (
        <div role="alert" className="mt-3 flex flex-col items-start gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground">
            <span className="font-medium text-foreground">The summary could not be loaded.</span> {error.message}
          </p>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RotateCcw aria-hidden="true" />
            {isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        </div>
      ) : (
        <>
          {isPending && <p role="status" className="sr-only">Loading the summary…</p>}
          {/* Phones: label and value on one line each; wider: figures under their labels. */}
          <dl className="mt-3 grid grid-cols-1 divide-y divide-border sm:mt-4 sm:grid-cols-2 sm:gap-x-4 sm:gap-y-5 sm:divide-y-0 lg:grid-cols-4">
            {ITEMS.map((item) => (
              <div key={item.label} className="flex min-w-0 items-baseline justify-between gap-4 py-2.5 sm:block sm:py-0">
                <dt className="text-sm text-muted-foreground" title={item.hint}>
                  {item.label}
                </dt>
                <dd className="text-lg font-semibold tracking-tight whitespace-nowrap tabular-nums sm:mt-1 sm:text-2xl">
                  {data ? item.value(data) : <Skeleton className="h-7 w-24 sm:h-8" />}
                </dd>
              </div>
            ))}
          </dl>
          {data && (
            <p data-testid="disclosed-count" className="mt-3 text-xs text-muted-foreground">
              Totals cover the {formatCount(data.disclosedCount)} of {formatCount(data.totalLeads)} rounds with a disclosed amount.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
