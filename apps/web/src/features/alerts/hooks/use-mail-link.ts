// Pages opened from a mail's signed link (?token=): read the token, and act on it once per visit.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The link's signed token, or '' when the link came without one. */
export function useMailToken(): string {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}

/** Calls `run(token)` once per visit when there is a token, even under StrictMode's double effects. */
export function useRunOnceWithToken(token: string, run: (token: string) => void): void {
  const started = useRef(false);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    latest.current(token);
  }, [token]);
}
