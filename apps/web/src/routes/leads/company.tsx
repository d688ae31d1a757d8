// /companies/:id: one company's facts, the timeline of its rounds and its contacts (subscribers).
import { ArrowLeft, Building2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/layout/button-link';
import { PageContainer } from '@/components/ui/page';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useMe } from '@/features/auth/api';
import { useCompany } from '@/features/leads/company-api';
import { CompanyProfile, CompanyProfileSkeleton, type CompanyProfileProps } from '@/features/leads/components/company-profile';
import { CrmProvider } from '@/features/crm/components/crm-provider';
import { crmLeadExtras } from '@/features/crm/components/crm-lead-extras';
import { CompanyCrmRecordLinks } from '@/features/crm/components/crm-record-links';
import { SendToCrm } from '@/features/crm/components/send-to-crm';
import { ApiError } from '@/lib/api-client';
import { useLeadViewMode } from '@/lib/leads/view-mode';
import { useDocumentTitle } from '@/lib/use-document-title';

export function CompanyRoute() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const me = useMe();
  const [viewMode, setViewMode] = useLeadViewMode('leads', me.data?.user.id, 'cards');
  const error = company.error;
  // A malformed id (400) is as missing as an unknown one (404).
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(company.data?.company.name ?? (notFound ? 'Company not found' : 'Company'));

  return (
    <PageContainer>
      <Link
        to={paths.historical}
        className="mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Historical Leads
      </Link>
      {!company.data && <h1 className="sr-only">Company</h1>}
      {company.data ? (
        <CompanyWithCrm data={company.data} view={viewMode} onViewChange={setViewMode} />
      ) : notFound ? (
        <EmptyState
          icon={<Building2 />}
          title="Company not found"
          description="This company is not in the archive. Its rounds may have been removed, or the link is wrong."
          action={<ButtonLink to={paths.historical}>Browse all leads</ButtonLink>}
        />
      ) : error ? (
        <ErrorState
          title="Error loading company"
          message={error.message}
          onRetry={() => void company.refetch()}
          retrying={company.isFetching}
        />
      ) : (
        <CompanyProfileSkeleton />
      )}
    </PageContainer>
  );
}

// A round's own Send button would repeat the company's name on every row: the page sends all rounds, a selection some.
const companyExtras = { status: crmLeadExtras.status, selectionActions: crmLeadExtras.selectionActions };

/** The company with its CRM actions: Send (every round, so each gets its note) and "In HubSpot". */
function CompanyWithCrm(props: Omit<CompanyProfileProps, 'headerActions' | 'extras'>) {
  const { company, rounds } = props.data;
  const leadIds = useMemo(() => rounds.map((round) => round.id), [rounds]);
  return (
    <CrmProvider leadIds={leadIds}>
      <CompanyProfile
        {...props}
        extras={companyExtras}
        headerActions={
          leadIds.length > 0 && (
            <>
              <SendToCrm leadIds={leadIds} subject={company.name} place="page" />
              <CompanyCrmRecordLinks leadIds={leadIds} subject={company.name} />
            </>
          )
        }
      />
    </CrmProvider>
  );
}
