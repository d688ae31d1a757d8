// "Report bounce" beside an email (confirm, then mark it bounced for everyone) and, for an admin, "Undo bounce".
import { MailX, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { BOUNCE_MESSAGES, useReportBounce, useUndoBounce } from '../bounce-api';

export function ReportBounceButton({ contactId, email, name }: { contactId: string; email: string; name: string }) {
  const [open, setOpen] = useState(false);
  const report = useReportBounce();
  const error = report.error ? report.error.message || BOUNCE_MESSAGES.reportFailed : '';
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        data-testid="report-bounce"
        className="h-8 px-2 text-muted-foreground"
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
      >
        <MailX aria-hidden="true" />
        Report bounce
        <span className="sr-only"> for {email}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Report a bounce?"
        description={
          <>
            <span className="block">
              Mail to <span className="font-medium break-all text-foreground">{email}</span> ({name}) bounced? It is marked Bounced for every
              subscriber and left out of exports, the API and alert mails.
            </span>
            {error && (
              <span role="alert" data-testid="bounce-error" className="mt-3 block font-medium text-destructive">
                {error}
              </span>
            )}
          </>
        }
        confirmLabel="Report bounce"
        busyLabel="Reporting…"
        busy={report.isPending}
        onConfirm={() =>
          report.mutate(contactId, {
            onSuccess: () => {
              setOpen(false);
              toast.success(`Reported ${email} as bounced`);
            },
          })
        }
      />
    </>
  );
}

export function UndoBounceButton({ contactId, email }: { contactId: string; email: string | null }) {
  const undo = useUndoBounce();
  return (
    <Button
      variant="ghost"
      size="sm"
      data-testid="undo-bounce"
      className="h-8 px-2 text-muted-foreground"
      disabled={undo.isPending}
      aria-busy={undo.isPending || undefined}
      onClick={() =>
        undo.mutate(contactId, {
          onSuccess: () => toast.success(email ? `${email} is no longer marked as bounced` : 'The bounce is undone'),
          onError: (error) => toast.error(error.message || BOUNCE_MESSAGES.undoFailed),
        })
      }
    >
      <Undo2 aria-hidden="true" />
      Undo bounce
      {email && <span className="sr-only"> for {email}</span>}
    </Button>
  );
}
