// A failed social sign-in comes back as /signin?error=<code>[&error_description=...]. Say what went
// wrong once, then drop the parameters so a reload or Back does not say it again.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toaster';
import { oauthRedirectErrorMessage } from './errors';

export function useOAuthErrorToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('error');
  const description = searchParams.get('error_description');

  useEffect(() => {
    if (code === null) return;
    // A fixed id: StrictMode's second effect run, or a quick re-render, shows one toast, not two.
    toast.error(oauthRedirectErrorMessage(code, description), { id: 'oauth-error' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [code, description, setSearchParams]);
}
