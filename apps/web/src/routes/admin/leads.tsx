// /admin: Admin - Leads Management (docs/product/SPEC.md sections 2, 4 and 5). Every lead on file, a page of 100 at
// a time with a server-side search; add, edit, delete, batch upload and CSV import.
import type { Lead } from '@fundwire/shared';
import { FileSpreadsheet, Plus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { toast } from '@/components/ui/toaster';
import { useAdminLeadPage, useDeleteLead } from '@/features/admin/api';
import { AdminLeadResults } from '@/features/admin/components/admin-lead-results';
import { AdminLeadSearch } from '@/features/admin/components/admin-lead-search';
import { BatchUploadDialog } from '@/features/admin/components/batch-upload-dialog';
import { CsvImportDialog } from '@/features/admin/components/csv-import-dialog';
import { LeadFormDialog } from '@/features/admin/components/lead-form-dialog';
import { ADMIN_MESSAGES } from '@/features/admin/messages';
import { pageAfterEmptyResult } from '@/features/admin/paging';
import { serverMessage } from '@/features/admin/request';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { normaliseSearch } from '@/lib/leads/view-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLE = 'Admin - Leads Management';

type OpenDialog = { kind: 'lead'; lead: Lead | null } | { kind: 'batch' } | { kind: 'import' } | null;

export function AdminLeadsRoute() {
  useDocumentTitle(TITLE);
  // The search lives in the URL (?q=), sent to the server once typing pauses.
  const view = useLeadView();
  const search = view.params.q;
  // A new search starts again from page 1.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const leads = useAdminLeadPage({ q: search, page });
  const listRef = useRef<HTMLElement>(null);

  // The last leads on this page were deleted: move to what is now the last page.
  const settled = leads.data && !leads.isPlaceholderData ? leads.data : undefined;
  const movedPage = settled ? pageAfterEmptyResult(page, settled.leads.length, settled.totalCount) : null;
  if (movedPage !== null) setPaging({ search, page: movedPage });

  // Add mode when no lead is selected, edit mode when one is (docs/product/SPEC.md section 4).
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);
  const deleteLead = useDeleteLead();
  const deletingId = deleteLead.isPending ? (deleteLead.variables ?? null) : null;

  const changePage = (next: number) => {
    setPaging({ search, page: next });
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  const confirmDelete = (lead: Lead) => {
    if (deleteLead.isPending || !window.confirm(ADMIN_MESSAGES.deleteConfirm)) return;
    deleteLead.mutate(lead.id, {
      onSuccess: () => toast.success(ADMIN_MESSAGES.deleted),
      onError: (error) => {
        const message = serverMessage(error, ADMIN_MESSAGES.deleteFailed);
        toast.error(ADMIN_MESSAGES.deleteFailed, message ? { description: message } : undefined);
      },
    });
  };

  const actions = (
    <>
      <Button onClick={() => setDialog({ kind: 'lead', lead: null })}>
        <Plus aria-hidden="true" />
        Add Lead
      </Button>
      <Button variant="outline" onClick={() => setDialog({ kind: 'batch' })}>
        <Upload aria-hidden="true" />
        Batch Upload
      </Button>
      <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
        <FileSpreadsheet aria-hidden="true" />
        Import CSV
      </Button>
    </>
  );

  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        description={
          <>
            Every lead on file: add, edit, upload and import them. Newsletter subscribers are on the{' '}
            <Link to={paths.adminSubscribers} className="text-primary underline underline-offset-4 hover:text-primary-hover">
              Email Subscribers
            </Link>{' '}
            page, the live feeds on{' '}
            <Link to={paths.adminSources} className="text-primary underline underline-offset-4 hover:text-primary-hover">
              Lead Sources
            </Link>
            .
          </>
        }
        actions={actions}
      />

      <AdminLeadSearch value={view.searchText} onChange={view.setSearchText} />

      <section ref={listRef} aria-label="Leads on file" className="mt-6 scroll-mt-24">
        <AdminLeadResults
          query={leads}
          page={page}
          onPageChange={changePage}
          search={search}
          searchPending={normaliseSearch(view.searchText) !== search}
          onClearSearch={view.clearFilters}
          emptyActions={actions}
          onEdit={(lead) => setDialog({ kind: 'lead', lead })}
          onDelete={confirmDelete}
          deletingId={deletingId}
        />
      </section>

      <LeadFormDialog
        open={dialog?.kind === 'lead'}
        lead={dialog?.kind === 'lead' ? dialog.lead : null}
        onOpenChange={(open) => !open && closeDialog()}
        onSaved={closeDialog}
      />
      <BatchUploadDialog open={dialog?.kind === 'batch'} onOpenChange={(open) => !open && closeDialog()} />
      <CsvImportDialog open={dialog?.kind === 'import'} onOpenChange={(open) => !open && closeDialog()} />
    </PageContainer>
  );
}
