import { Toaster as Sonner, type ToasterProps } from 'sonner';

// Every toast can be dismissed (docs/product/SPEC.md section 8), by its close button or by swiping. Bottom right, so
// a toast never covers the header's user menu or a dialog's close button (both at the top).
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      closeButton
      richColors
      position="bottom-right"
      toastOptions={{ closeButtonAriaLabel: 'Dismiss notification' }}
      {...props}
    />
  );
}

export { toast } from 'sonner';
