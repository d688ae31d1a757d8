// /admin/sources: the live lead feeds (SEC Form D filings, the Fundraising Fox dataset): whether each is on, how
// to turn it on, its last and next run, per-day counts, latest errors and Run now; and the rounds that several
// sources reported, merged into one lead; and the leads' websites and emails (coverage, the provider's budget and errors).
// Polls while a run is going.
import type { SourceMerges } from '@fundwire/shared';
import { Merge, RadioTower } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { SOURCE_MESSAGES, useRunSource, useSources } from '@/features/sources/api';
import { EnrichmentCard } from '@/features/sources/components/enrichment-card';
import { SourceCard } from '@/features/sources/components/source-card';
import { runQueuedMessage } from '@/features/sources/format';
import { formatCount } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLE = 'Lead Sources';

export function AdminSourcesRoute() {
  useDocumentTitle(TITLE);
  const sources = useSources();
  const run = useRunSource();

  const runSource = (id: Parameters<typeof run.mutate>[0]) => {
    run.mutate(id, {
      onSuccess: ({ queued, days }) => {
        if (queued) toast.success(runQueuedMessage(days));
        else toast.info('A run is already in progress. Its counts appear below as it goes.');
      },
      onError: (error) => toast.error(error.message || SOURCE_MESSAGES.runFailed),
    });
  };

  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        description={
          <>
            Feeds that add leads on their own, day by day. Leads they create appear on the dashboard, the company pages and the digests like
            any other; edit them in{' '}
            <Link to={paths.admin} className="text-primary underline underline-offset-4 hover:text-primary-hover">
              Leads Management
            </Link>
            .
          </>
        }
      />

      {sources.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading lead sources" role="status">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      ) : sources.isError ? (
        <ErrorState title={SOURCE_MESSAGES.fetchFailed} message={sources.error.message} onRetry={() => void sources.refetch()} retrying={sources.isFetching} />
      ) : sources.data.sources.length === 0 ? (
        <EmptyState icon={<RadioTower />} title="No lead sources" description="This server has no live feeds configured." />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <EnrichmentCard enrichment={sources.data.enrichment} />
          <MergeCounts merges={sources.data.merges} />
          {sources.data.sources.map((source) => (
            <SourceCard
              key={source.id}
              source={source}
              onRun={() => runSource(source.id)}
              running={run.isPending && run.variables === source.id}
            />
          ))}
        </div>
      )}
    </PageContainer>
  );
}

/** Data health: reports of the same round from several sources, folded into one lead. */
function MergeCounts({ merges }: { merges: SourceMerges }) {
  return (
    <Card data-testid="source-merges" role="region" aria-labelledby="source-merges-title" className="gap-3 p-5">
      <h2 id="source-merges-title" className="inline-flex items-center gap-2 text-base font-semibold">
        <Merge aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        One round, one lead
      </h2>
      <p className="text-sm text-muted-foreground">
        When several sources report the same round it is one lead that lists each source. A wrong merge is undone with Split on the lead in Leads
        Management.
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-md border border-border p-3">
          <dt className="text-sm text-muted-foreground">Merged across sources in the last 7 days</dt>
          <dd data-testid="merges-this-week" className="mt-1 text-lg font-semibold tabular-nums">
            {formatCount(merges.mergedThisWeek)}
          </dd>
        </div>
        <div className="rounded-md border border-border p-3">
          <dt className="text-sm text-muted-foreground">Leads with more than one source</dt>
          <dd data-testid="merges-several-sources" className="mt-1 text-lg font-semibold tabular-nums">
            {formatCount(merges.leadsWithSeveralSources)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
