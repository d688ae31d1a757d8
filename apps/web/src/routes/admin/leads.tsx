// /admin: Admin - Leads Management (docs/product/SPEC.md sections 2, 4 and 5). Every lead on file, a page of 100 at
// a time with a server-side search and order, as a table (or cards); add, edit, delete (one or a selection),
// batch upload and CSV import.
import type { Lead } from '@fundwire/shared';
import { FileSpreadsheet, Plus, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { toast } from '@/components/ui/toaster';
import { LeadViewToggle } from '@/components/leads/lead-view-toggle';
import { useMe } from '@/features/auth/api';
import { useAdminLeadPage, useBulkDeleteLeads, useDeleteLead, useSplitLead } from '@/features/admin/api';
import { AdminLeadResults } from '@/features/admin/components/admin-lead-results';
import { AdminLeadSearch } from '@/features/admin/components/admin-lead-search';
import { BatchUploadDialog } from '@/features/admin/components/batch-upload-dialog';
import { BulkDeleteDialog } from '@/features/admin/components/bulk-delete-dialog';
import { CsvImportDialog } from '@/features/admin/components/csv-import-dialog';
import { LeadFormDialog } from '@/features/admin/components/lead-form-dialog';
import { SplitLeadDialog } from '@/features/admin/components/split-lead-dialog';
import { ADMIN_MESSAGES, bulkDeletedMessage, splitMessage } from '@/features/admin/messages';
import { pageAfterEmptyResult } from '@/features/admin/paging';
import { serverMessage } from '@/lib/api-client';
import { useLeadView } from '@/features/leads/hooks/use-lead-view';
import { sortKey } from '@/lib/leads/sort-params';
import { useLeadSort } from '@/lib/leads/use-lead-sort';
import { selectedOf, useLeadSelection } from '@/lib/leads/use-lead-selection';
import { useLeadViewMode } from '@/lib/leads/view-mode';
import { normaliseSearch } from '@/lib/leads/view-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLE = 'Admin - Leads Management';

type OpenDialog = { kind: 'lead'; lead: Lead | null } | { kind: 'batch' } | { kind: 'import' } | { kind: 'bulk-delete' } | { kind: 'split'; lead: Lead } | null;

export function AdminLeadsRoute() {
  useDocumentTitle(TITLE);
  // The search lives in the URL (?q=), sent to the server once typing pauses.
  const view = useLeadView();
  const search = view.params.q;
  // The order lives in the URL too (?sort=&dir=), as on the subscriber's screens.
  const [sort, setSort] = useLeadSort();
  const order = sortKey(sort);
  // A new search or order starts again from page 1.
  const [paging, setPaging] = useState({ search, order, page: 1 });
  const page = paging.search === search && paging.order === order ? paging.page : 1;
  const leads = useAdminLeadPage({ q: search, page, sort });
  const listRef = useRef<HTMLElement>(null);
  const me = useMe();
  // The admin list is long: a table unless this admin chose cards.
  const [viewMode, setViewMode] = useLeadViewMode('admin', me.data?.user.id, 'table');
  const selection = useLeadSelection();

  // The last leads on this page were deleted: move to what is now the last page.
  const settled = leads.data && !leads.isPlaceholderData ? leads.data : undefined;
  const movedPage = settled ? pageAfterEmptyResult(page, settled.leads.length, settled.totalCount) : null;
  if (movedPage !== null) setPaging({ search, order, page: movedPage });

  // Add mode when no lead is selected, edit mode when one is (docs/product/SPEC.md section 4).
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);
  const deleteLead = useDeleteLead();
  const deletingId = deleteLead.isPending ? (deleteLead.variables ?? null) : null;

  const changePage = (next: number) => {
    setPaging({ search, order, page: next });
    selection.clear();
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  // Only rows on the page shown count (the settled page: not one still loading).
  const selected = settled ? selectedOf(settled.leads, selection.ids) : [];
  const bulkDelete = useBulkDeleteLeads();
  const confirmBulkDelete = () => {
    const ids = selected.map((lead) => lead.id);
    if (ids.length === 0 || bulkDelete.isPending) return;
    bulkDelete.mutate(ids, {
      onSuccess: ({ deleted }) => {
        toast.success(bulkDeletedMessage(deleted));
        selection.setMany(ids, false);
        closeDialog();
      },
      onError: (error) => {
        const message = serverMessage(error, ADMIN_MESSAGES.bulkDeleteFailed);
        toast.error(ADMIN_MESSAGES.bulkDeleteFailed, message ? { description: message } : undefined);
      },
    });
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

  const splitLead = useSplitLead();
  const confirmSplit = (lead: Lead) => {
    if (splitLead.isPending) return;
    splitLead.mutate(lead.id, {
      onSuccess: ({ split }) => {
        toast.success(splitMessage(split.length), { description: `${lead.companyName}: one lead per source again.` });
        closeDialog();
      },
      onError: (error) => {
        const message = serverMessage(error, ADMIN_MESSAGES.splitFailed);
        toast.error(ADMIN_MESSAGES.splitFailed, message ? { description: message } : undefined);
        closeDialog();
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

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <AdminLeadSearch value={view.searchText} onChange={view.setSearchText} />
        </div>
        <LeadViewToggle value={viewMode} onChange={setViewMode} className="self-end" />
      </div>

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
          onSplit={(lead) => setDialog({ kind: 'split', lead })}
          deletingId={deletingId}
          view={viewMode}
          sort={{ current: sort, searching: search !== '', onChange: setSort }}
          selection={selection}
          selectionActions={
            <Button size="sm" variant="destructive" onClick={() => setDialog({ kind: 'bulk-delete' })}>
              <Trash2 aria-hidden="true" />
              Delete selected
            </Button>
          }
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
      <BulkDeleteDialog
        open={dialog?.kind === 'bulk-delete'}
        onOpenChange={(open) => !open && closeDialog()}
        companyNames={selected.map((lead) => lead.companyName)}
        onConfirm={confirmBulkDelete}
        deleting={bulkDelete.isPending}
      />
      <SplitLeadDialog
        lead={dialog?.kind === 'split' ? dialog.lead : null}
        onOpenChange={(open) => !open && closeDialog()}
        onConfirm={confirmSplit}
        splitting={splitLead.isPending}
      />
    </PageContainer>
  );
}
