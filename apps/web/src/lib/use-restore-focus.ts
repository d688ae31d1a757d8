// A dialog opened by state (not by a Radix Trigger) has nowhere to send focus when it closes. These
// handlers remember what had focus as it opened (the Edit button, say) and return focus there.
import { useRef } from 'react';

export function useRestoreFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Radix calls this before it moves focus into the dialog, so the opener still has it.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      // The opener may be gone (its lead was deleted, or the list moved on); then Radix decides.
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
