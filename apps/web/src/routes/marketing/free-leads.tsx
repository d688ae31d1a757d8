// /free-leads: the public sample (docs/product/SPEC.md section 2), from the app's query, with its failure toast.
// The prerendered page renders only the sample's island with JavaScript (src/islands/free-leads.tsx).
import { PageContainer, PageHeader } from '@/components/ui/page';
import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { useFreeLeads } from '@/features/leads/api';
import { FREE_LEADS_ISLAND, FreeLeadsSample } from '@/features/leads/components/free-leads-sample';
import { usePageMeta } from '@/lib/use-document-title';

export function FreeLeadsRoute() {
  usePageMeta(PUBLIC_PAGES[paths.freeLeads]);
  const { data, isPending, isError } = useFreeLeads();
  return (
    <PageContainer>
      <PageHeader
        title="Free Startup Funding Leads"
        description="A free sample of startups that raised money recently. Subscribers get every round, with the contacts to reach."
      />
      <div data-island={FREE_LEADS_ISLAND}>
        <FreeLeadsSample data={data} isPending={isPending} isError={isError} />
      </div>
    </PageContainer>
  );
}
