// Batch Upload (docs/product/SPEC.md sections 2 and 5): paste a JSON array of leads, or generate a one-lead sample.
// The server takes all of them or none; the rows it rejected are listed here.
import { fieldInWords, MAX_BATCH_LEADS } from '@fundwire/shared';
import { Sparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { BusyDialog } from '@/components/ui/busy-dialog';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useBatchUpload } from '../api';
import { batchErrorBodySchema, describeBatchRows, parseBatchJson, prepareBatchLead, sampleBatchText, skippedToBatchRows, type BatchRowProblem } from '../batch';
import { ADMIN_MESSAGES, batchUploadedMessage } from '../messages';
import { ApiError, serverMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';

/** Rejected rows listed in full; past this the list says how many more there are. */
const MAX_LISTED_ROWS = 500;

export interface BatchUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function BatchUploadDialog({ open, onOpenChange }: BatchUploadDialogProps) {
  const upload = useBatchUpload();
  const uploading = upload.isPending;
  return (
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={uploading} data-testid="batch-upload-dialog" className="max-w-3xl">
      <DialogHeader>
        <DialogTitle>Batch Upload Leads</DialogTitle>
        <DialogDescription>
          Paste a JSON array of leads (or {'{"leads": [...]}'}), up to {formatCount(MAX_BATCH_LEADS)} at a time. Amounts are whole dollars. A lead already on
          file with the same domain, round and funding date is updated, except fields edited by hand. If any row is rejected, nothing is saved.
        </DialogDescription>
      </DialogHeader>
      <BatchUploadForm upload={upload} onCancel={() => onOpenChange(false)} onUploaded={() => onOpenChange(false)} />
    </BusyDialog>
  );
}

interface BatchUploadFormProps {
  upload: ReturnType<typeof useBatchUpload>;
  onCancel: () => void;
  onUploaded: () => void;
}

function BatchUploadForm({ upload, onCancel, onUploaded }: BatchUploadFormProps) {
  // Uncontrolled: ten thousand leads of JSON is megabytes of text, too much to re-render per keystroke.
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [rejectedRows, setRejectedRows] = useState<BatchRowProblem[] | null>(null);
  const uploading = upload.isPending;

  const generateSample = () => {
    if (!textRef.current) return;
    textRef.current.value = sampleBatchText(new Date());
    textRef.current.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseBatchJson(textRef.current?.value ?? '');
    if (!parsed.ok) {
      if (parsed.reason === 'too-many') {
        toast.error(ADMIN_MESSAGES.batchFailed, {
          description: `At most ${formatCount(MAX_BATCH_LEADS)} leads per upload; this has ${formatCount(parsed.count ?? 0)}.`,
        });
      } else {
        toast.error(ADMIN_MESSAGES.batchBadJson);
      }
      return;
    }
    const leads = parsed.leads.map(prepareBatchLead);
    setRejectedRows(null);
    upload.mutate(leads, {
      onSuccess: ({ count }) => {
        toast.success(batchUploadedMessage(count));
        onUploaded();
      },
      onError: (error) => {
        const body = error instanceof ApiError ? batchErrorBodySchema.safeParse(error.body) : null;
        if (body?.success && body.data.skippedRows.length > 0) {
          setRejectedRows(describeBatchRows(skippedToBatchRows(body.data.skippedRows), leads));
          toast.error(ADMIN_MESSAGES.batchFailed, { description: 'Nothing was saved. The rejected rows are listed in the dialog.' });
          return;
        }
        const message = serverMessage(error, ADMIN_MESSAGES.batchFailed);
        toast.error(ADMIN_MESSAGES.batchFailed, message ? { description: message } : undefined);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-4" aria-busy={uploading || undefined}>
      <TextareaField
        ref={textRef}
        label="Leads JSON"
        rows={14}
        spellCheck={false}
        autoCapitalize="none"
        autoComplete="off"
        placeholder='[{"companyName": "…", "domain": "…", …}]'
        className="max-h-[50dvh] min-h-56 font-mono text-xs leading-5 sm:text-xs"
        disabled={uploading}
        hint="Each lead: companyName, domain, industry, fundingAmount (dollars), fundingRound, location, fundingDate (YYYY-MM-DD), description, tags, contacts."
        labelAside={
          <Button variant="outline" size="sm" onClick={generateSample} disabled={uploading}>
            <Sparkles aria-hidden="true" />
            Generate Sample
          </Button>
        }
      />

      {rejectedRows && <RejectedRows rows={rejectedRows} />}

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={uploading}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading} aria-busy={uploading || undefined}>
          {uploading ? 'Uploading...' : 'Upload Leads'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function RejectedRows({ rows }: { rows: BatchRowProblem[] }) {
  const listed = rows.slice(0, MAX_LISTED_ROWS);
  const more = rows.length - listed.length;
  return (
    <div role="alert" data-testid="batch-errors" className="grid gap-2 rounded-md border border-red-200 bg-red-50/60 p-4 text-sm">
      <p className="font-semibold text-red-800">Nothing was saved. Fix {rows.length === 1 ? 'this row' : 'these rows'} and upload again.</p>
      <ul className="grid max-h-56 gap-2 overflow-y-auto pr-1">
        {listed.map((row) => (
          <li key={row.rowNumber} data-testid="batch-error-row" className="rounded-sm bg-background/70 px-3 py-2">
            <p className="font-medium break-words">
              Lead {row.rowNumber} ({row.companyName})
            </p>
            <ul className="mt-1 list-disc pl-5 text-muted-foreground">
              {row.errors.map((fieldError, index) => (
                <li key={`${fieldError.field}-${index}`} className="break-words">
                  {fieldError.field ? `${fieldInWords(fieldError.field)} ${fieldError.message}` : fieldError.message}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-muted-foreground">…and {formatCount(more)} more rows.</p>}
    </div>
  );
}
