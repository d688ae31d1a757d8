// /free-leads: the public sample (SPEC.md section 2). Falls back to built-in companies when the
// call fails or comes back empty, so the page is never blank.
import { FALLBACK_FREE_LEADS, FALLBACK_FREE_LEADS_MAX } from '@fundwire/shared';
import { Info } from 'lucide-react';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/spinner';
import { useFreeLeads } from '@/features/leads/api';
import { FreeLeadCard } from '@/features/leads/components/free-lead-card';
import { FreeLeadsUpsell } from '@/features/leads/components/free-leads-upsell';
import { useDocumentTitle } from '@/lib/use-document-title';

const SAMPLE_LEADS = FALLBACK_FREE_LEADS.slice(0, FALLBACK_FREE_LEADS_MAX);

export function FreeLeadsRoute() {
  useDocumentTitle('Free Leads');
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
        <PageSpinner label="Loading free leads…" />
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
