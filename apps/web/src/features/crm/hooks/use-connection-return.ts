// HubSpot's connection comes back to /integrations?connected=hubspot or ?error=<message>. The screen keeps what it
// said and drops the parameter, so a reload or a shared link does not say it again.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { connectionReturnNotice } from '../crm-display';

export type ConnectionNotice = NonNullable<ReturnType<typeof connectionReturnNotice>>;

export function useConnectionReturn(): [ConnectionNotice | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The server's redirect loads the page afresh, so the first render has the parameter.
  const [notice, setNotice] = useState<ConnectionNotice | null>(() => connectionReturnNotice(searchParams));
  const inUrl = connectionReturnNotice(searchParams) !== null;

  useEffect(() => {
    if (!inUrl) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [inUrl, setSearchParams]);

  return [notice, () => setNotice(null)];
}
