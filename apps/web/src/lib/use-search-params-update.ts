// Writes the URL's query from its latest value. React Router's functional setSearchParams hands the updater the
// params of the last render, so two writes before a render (the minimum and the maximum amount boxes, each debounced,
// firing one after the other) lose the first. The browser's location already holds every write that finished.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

// A filter or an order replaces the history entry (no Back through every keystroke) and keeps the scroll.
const NAVIGATE_OPTIONS = { replace: true, preventScrollReset: true } as const;

export function useSearchParamsUpdate(): (change: (current: URLSearchParams) => URLSearchParams) => void {
  const navigate = useNavigate();
  return useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      void navigate(`?${change(new URLSearchParams(window.location.search)).toString()}`, NAVIGATE_OPTIONS);
    },
    [navigate],
  );
}
