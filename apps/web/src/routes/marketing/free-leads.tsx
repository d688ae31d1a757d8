// /free-leads: the public sample (SPEC.md section 2). Falls back to built-in companies when the
// call fails or comes back empty, so the page is never blank.
import { FALLBACK_FREE_LEADS, FALLBACK_FREE_LEADS_MAX, FREE_LEADS_COUNT } from '@fundwire/shared';
import { Info } from 'lucide-react';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { PUBLIC_PAGES } from '@/app/page-meta';
import { paths } from '@/app/paths';
import { useFreeLeads } from '@/features/leads/api';
import { FreeLeadCard } from '@/features/leads/components/free-lead-card';
import { FreeLeadsUpsell } from '@/features/leads/components/free-leads-upsell';
import { usePageMeta } from '@/lib/use-document-title';

const SAMPLE_LEADS = FALLBACK_FREE_LEADS.slice(0, FALLBACK_FREE_LEADS_MAX);

export function FreeLeadsRoute() {
  usePageMeta(PUBLIC_PAGES[paths.freeLeads]);
  const { data, isPending, isError } = useFreeLeads();

  const apiLeads = data?.leads ?? [];
  const showingSample = isError || apiLeads.length === 0;
  const leads = showingSample ? SAMPLE_LEADS : apiLeads;

  return (
    <PageContainer>
      <PageHeader
        title="Free Startup Funding Leads"
        description="A free sample of startups that raised money recently. Subscribers get every round, with the contacts to reach."
      />

      {isPending ? (
        <FreeLeadsSkeleton />
      ) : (
        <>
          {showingSample && (
            <p
              data-testid="sample-notice"
              className="mb-6 flex items-start gap-2 rounded-md border border-border bg-subtle px-4 py-3 text-sm text-muted-foreground"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-medium text-foreground">Showing sample leads.</span>{' '}
                {isError
                  ? 'The latest free leads could not be loaded just now; these example companies show what a lead looks like.'
                  : 'There are no free leads to show right now; these example companies show what a lead looks like.'}
              </span>
            </p>
          )}

          {/* The cards' company names are h3s: this keeps the outline h1 > h2 > h3. */}
          <h2 className="sr-only">{showingSample ? 'Sample leads' : 'Recently funded startups'}</h2>
          <ul
            data-testid="free-leads-list"
            data-source={showingSample ? 'sample' : 'api'}
            aria-label={showingSample ? 'Sample leads' : 'Free leads'}
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {leads.map((lead) => (
              <li key={lead.id}>
                <FreeLeadCard lead={lead} />
              </li>
            ))}
          </ul>

          <div className="mt-12">
            <FreeLeadsUpsell message={data?.message} />
          </div>
        </>
      )}
    </PageContainer>
  );
}

/** Card-sized placeholders while the sample loads (and in the prerendered page), so nothing jumps when it arrives. */
function FreeLeadsSkeleton() {
  return (
    <div role="status" data-testid="free-leads-loading">
      <span className="sr-only">Loading free leads…</span>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: FREE_LEADS_COUNT }, (_, index) => (
          <li key={index} className="flex h-64 flex-col gap-3 rounded-lg border border-border bg-card p-6">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="mt-2 h-14 w-full" />
            <Skeleton className="mt-auto h-6 w-1/2" />
          </li>
        ))}
      </ul>
    </div>
  );
}
