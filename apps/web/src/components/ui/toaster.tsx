import { Toaster as Sonner, type ToasterProps } from 'sonner';

// Every toast can be dismissed (SPEC.md section 8), by its close button or by swiping.
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      closeButton
      richColors
      position="top-right"
      toastOptions={{ closeButtonAriaLabel: 'Dismiss notification' }}
      {...props}
    />
  );
}

export { toast } from 'sonner';
