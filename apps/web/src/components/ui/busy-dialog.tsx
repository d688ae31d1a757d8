// A dialog opened by state whose work must finish in view: while `busy` (a save, an upload, an import in flight)
// it cannot be closed (Escape, outside click and its close button do nothing), and when it closes, focus returns to
// whatever opened it.
import type { ReactNode } from 'react';
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { Dialog, DialogContent, type DialogContentProps } from './dialog';

export type BusyDialogProps = Omit<DialogContentProps, 'children' | 'hideCloseButton' | 'onOpenAutoFocus' | 'onCloseAutoFocus'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  children: ReactNode;
};

export function BusyDialog({ open, onOpenChange, busy, children, ...content }: BusyDialogProps) {
  const restoreFocus = useRestoreFocus();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Work in flight finishes in view: its outcome belongs to this dialog.
        if (!next && busy) return;
        onOpenChange(next);
      }}
    >
      <DialogContent {...restoreFocus} {...content} hideCloseButton={busy}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
