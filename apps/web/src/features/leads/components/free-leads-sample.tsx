// The public sample's list and pitch (docs/product/SPEC.md section 2, /free-leads). Falls back to built-in companies
// when the call fails or comes back empty, so the page is never blank. Presentational: the app's
// /free-leads passes its query's state, the prerendered page's island (src/islands/free-leads.tsx) its
// own request's.
import { FALLBACK_FREE_LEADS, FALLBACK_FREE_LEADS_MAX, FREE_LEADS_COUNT, type FreeLeadsResponse } from '@fundwire/shared';
import { Info } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { FreeLeadCard } from './free-lead-card';
import { FreeLeadsUpsell } from './free-leads-upsell';

/** The `data-island` value of the element the prerendered page's island renders into. */
export const FREE_LEADS_ISLAND = 'free-leads';

const SAMPLE_LEADS = FALLBACK_FREE_LEADS.slice(0, FALLBACK_FREE_LEADS_MAX);

export interface FreeLeadsSampleProps {
  /** The API's answer, once it has come. */
  data?: FreeLeadsResponse;
  /** Still waiting for it: card-sized placeholders. */
  isPending: boolean;
  /** The call failed: the built-in sample, saying why. */
  isError: boolean;
}

export function FreeLeadsSample({ data, isPending, isError }: FreeLeadsSampleProps) {
  const apiLeads = data?.leads ?? [];
  const showingSample = isError || apiLeads.length === 0;
  const leads = showingSample ? SAMPLE_LEADS : apiLeads;

  if (isPending) return <FreeLeadsSkeleton />;

  return (
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
