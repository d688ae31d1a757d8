// "Delete N leads?": the bulk delete's confirmation, naming the first few companies so the admin sees what goes.
import { LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { bulkDeleteQuestion } from '../messages';

const NAMES_SHOWN = 5;

export interface BulkDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyNames: readonly string[];
  onConfirm: () => void;
  deleting: boolean;
}

export function BulkDeleteDialog({ open, onOpenChange, companyNames, onConfirm, deleting }: BulkDeleteDialogProps) {
  const count = companyNames.length;
  const shown = companyNames.slice(0, NAMES_SHOWN);
  const more = count - shown.length;
  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <DialogContent data-testid="bulk-delete-dialog" hideCloseButton>
        <DialogHeader>
          <DialogTitle>{bulkDeleteQuestion(count)}</DialogTitle>
          <DialogDescription>These rounds and their contacts are removed for everyone. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {shown.map((name, index) => (
            <li key={`${name}-${index}`} className="break-words">
              {name}
            </li>
          ))}
          {more > 0 && <li className="text-muted-foreground">and {more} more</li>}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={deleting} aria-busy={deleting || undefined}>
            {deleting ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Trash2 aria-hidden="true" />}
            {deleting ? 'Deleting…' : `Delete ${count === 1 ? 'lead' : `${count} leads`}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
