// A one-time notice for where checkout or the retention offer sends the browser back, such as
// /pricing?checkout=canceled or /profile?offer=applied. The parameter is then removed, so a reload
// or a shared link does not repeat it.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toaster';

export interface ReturnNotice {
  param: string;
  value: string;
  message: string;
  kind?: 'success' | 'info';
}

export function useReturnNotice({ param, value, message, kind = 'info' }: ReturnNotice): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const matches = searchParams.get(param) === value;

  useEffect(() => {
    if (!matches) return;
    // A fixed id: React's development double-run and a quick revisit show one toast, not two.
    toast[kind](message, { id: `return-notice:${param}` });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [matches, param, message, kind, setSearchParams]);
}
