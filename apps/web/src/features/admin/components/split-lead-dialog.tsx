// "Split this lead?": the confirmation before a lead that several sources report becomes one lead per
// source again (a wrong merge undone). Names the sources so the admin sees what each lead will be.
import type { Lead } from '@fundwire/shared';
import { LoaderCircle, Split } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { leadSourceLabel } from './source-labels';

export interface SplitLeadDialogProps {
  lead: Lead | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (lead: Lead) => void;
  splitting: boolean;
}

export function SplitLeadDialog({ lead, onOpenChange, onConfirm, splitting }: SplitLeadDialogProps) {
  // Opened by state, not a Trigger: Cancel sends focus back to the Split button.
  const restoreFocus = useRestoreFocus();
  return (
    <Dialog open={lead !== null} onOpenChange={(next) => !splitting && onOpenChange(next)}>
      <DialogContent data-testid="split-lead-dialog" hideCloseButton {...restoreFocus}>
        <DialogHeader>
          <DialogTitle>Split {lead?.companyName ?? 'this lead'}?</DialogTitle>
          <DialogDescription>
            Each source&apos;s report becomes its own lead again, with the figures that source gave; the filing keeps its people. The next runs will
            not merge these reports again.
          </DialogDescription>
        </DialogHeader>
        {lead && (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {lead.sources.map((ref) => (
              <li key={`${ref.source}:${ref.sourceId ?? ''}`} className="break-words">
                {leadSourceLabel(ref.source)}
                {ref.sourceId && <span className="font-mono text-muted-foreground"> {ref.sourceId}</span>}
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={splitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={() => lead && onConfirm(lead)} disabled={splitting || !lead} aria-busy={splitting || undefined}>
            {splitting ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Split aria-hidden="true" />}
            {splitting ? 'Splitting…' : `Split into ${lead?.sources.length ?? 2} leads`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
