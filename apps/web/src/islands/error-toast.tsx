// An error toast on an islands page, which has no toaster until it needs one: the toaster (sonner) loads
// then, with the app's settings, into its own root at the end of <body>.
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

export async function showErrorToast(message: string, id: string): Promise<void> {
  const { Toaster, toast } = await import('../components/ui/toaster');
  // Rendered after the Toaster, so its effect runs once the Toaster listens for toasts.
  function ErrorToast() {
    useEffect(() => {
      toast.error(message, { id });
    }, []);
    return null;
  }
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <>
      <Toaster />
      <ErrorToast />
    </>,
  );
}
