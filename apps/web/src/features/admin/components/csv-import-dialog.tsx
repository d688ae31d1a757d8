// Import CSV: a funding-rounds file in the Fundraising Fox format. Choosing it shows what importing
// would do (nothing is written); Import then writes it, all rows or none.
import type { ImportSummary } from '@fundwire/shared';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { BusyDialog } from '@/components/ui/busy-dialog';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { usePreviewImport, useRunImport } from '../api';
import { ADMIN_MESSAGES, importedMessage } from '../messages';
import { serverMessage } from '@/lib/api-client';
import { isRetryable } from '@/lib/api-client';
import { formatCount } from '@/lib/format';

/** The dataset the sample file comes from; its licence (CC BY 4.0) asks for this credit. */
export const FUNDRAISING_FOX_URL = 'https://fundraisingfox.com';

export interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CsvImportDialog({ open, onOpenChange }: CsvImportDialogProps) {
  const runImport = useRunImport();
  const importing = runImport.isPending;
  return (
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={importing} data-testid="csv-import-dialog" className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Import CSV</DialogTitle>
        <DialogDescription>
          A funding-rounds file in the Fundraising Fox format. You see what it would add and change before anything is saved. Rounds already on file are
          updated, not duplicated.
        </DialogDescription>
      </DialogHeader>
      <CsvImportForm runImport={runImport} onCancel={() => onOpenChange(false)} onImported={() => onOpenChange(false)} />
    </BusyDialog>
  );
}

interface CsvImportFormProps {
  runImport: ReturnType<typeof useRunImport>;
  onCancel: () => void;
  onImported: () => void;
}

function CsvImportForm({ runImport, onCancel, onImported }: CsvImportFormProps) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewImport();
  const importing = runImport.isPending;
  const summary = preview.data;
  const changes = summary ? summary.created + summary.updated : 0;

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };

  const startImport = () => {
    if (!file) return;
    runImport.mutate(file, {
      onSuccess: (result) => {
        toast.success(importedMessage(result.created, result.updated));
        onImported();
      },
      onError: (error) => {
        const message = serverMessage(error, ADMIN_MESSAGES.importFailed);
        toast.error(ADMIN_MESSAGES.importFailed, message ? { description: message } : undefined);
      },
    });
  };

  return (
    <div className="grid min-w-0 gap-4" aria-busy={preview.isPending || importing || undefined}>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={chooseFile}
          disabled={importing}
          className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded-sm file:bg-secondary file:px-3 file:py-1"
        />
        <p className="text-xs text-muted-foreground">
          Columns: company_slug, company_name, fundraisingfox_url, domain, announced_on, stage, round_label, amount_usd, amount_is_floor, basis.
        </p>
      </div>

      {preview.isPending && <Spinner label="Checking the file…" showLabel />}

      {preview.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-red-200 bg-red-50/60 p-4 text-sm sm:flex-row sm:items-center">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          <p className="min-w-0 flex-1 break-words">
            <span className="font-semibold">{ADMIN_MESSAGES.importPreviewFailed}.</span> {serverMessage(preview.error, ADMIN_MESSAGES.importPreviewFailed)}
          </p>
          {/* A wrong file gets the same answer again; only a failure on our side is worth retrying. */}
          {file && isRetryable(preview.error) && (
            <Button variant="outline" size="sm" onClick={() => preview.mutate(file)}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          )}
        </div>
      )}

      {summary && !preview.isPending && <ImportPreview summary={summary} />}

      <p className="text-xs text-muted-foreground">
        Funding data:{' '}
        <a href={FUNDRAISING_FOX_URL} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
          Fundraising Fox Open Dataset
        </a>
        , CC BY 4.0
      </p>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={importing}>
          Cancel
        </Button>
        <Button onClick={startImport} disabled={!file || !summary || preview.isPending || changes === 0 || importing} aria-busy={importing || undefined}>
          {importing ? 'Importing...' : 'Import'}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ImportPreview({ summary }: { summary: ImportSummary }) {
  const stats = [
    { label: 'New', value: summary.created },
    { label: 'Updated', value: summary.updated },
    { label: 'Unchanged', value: summary.unchanged + summary.merged },
    { label: 'Skipped', value: summary.skipped },
    { label: 'Total', value: summary.total },
  ];
  const listed = summary.skippedRows;
  // The server lists only the first 100 skips; `skipped` and skippedByReason count them all.
  const more = Math.max(summary.skipped, listed.length) - listed.length;

  return (
    <section data-testid="import-preview" aria-label="Import preview" className="grid min-w-0 gap-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-md border border-border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{stat.label}</dt>
            <dd data-testid={`import-${stat.label.toLowerCase()}`} className="text-lg font-semibold tabular-nums">
              {formatCount(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
      {summary.created + summary.updated === 0 && <p className="text-sm text-muted-foreground">Nothing in this file would be added or changed.</p>}
      {listed.length > 0 && (
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold">Skipped rows ({formatCount(Math.max(summary.skipped, listed.length))})</h3>
          <ul
            data-testid="import-skipped-rows"
            tabIndex={0}
            aria-label="Skipped rows"
            className="max-h-56 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm"
          >
            {listed.map((row) => (
              <li key={`${row.line}-${row.company}`} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                <span className="shrink-0 text-muted-foreground tabular-nums">Line {row.line}</span>
                <span className="min-w-0 font-medium break-words">{row.company || '(no company name)'}</span>
                <span className="min-w-0 text-muted-foreground break-words sm:ml-auto sm:text-right">{row.reason}</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="text-xs text-muted-foreground">…and {formatCount(more)} more.</p>}
          {summary.skippedByReason.length > 0 && (
            <ul data-testid="import-skip-reasons" aria-label="Skipped rows by reason" className="grid gap-1 text-xs text-muted-foreground">
              {summary.skippedByReason.map((entry) => (
                <li key={entry.reason} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">{entry.reason}</span>
                  <span className="shrink-0 tabular-nums">{formatCount(entry.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
