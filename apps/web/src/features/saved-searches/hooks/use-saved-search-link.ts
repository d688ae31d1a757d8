// An alert mail links to /historical?savedSearch=<id>&<its filters>, the rolling window as lastDays. Opening it marks
// the search viewed (its "new" count restarts) and turns lastDays into the archive's own date params.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMarkSavedSearchViewed } from '../api';
import { openSavedSearchLink } from '../saved-filter';

export function useSavedSearchLink(today: Date): void {
  const [params, setParams] = useSearchParams();
  const { mutate: markViewed } = useMarkSavedSearchViewed();
  const id = params.get('savedSearch');
  useEffect(() => {
    if (!id) return;
    markViewed(id);
    setParams((current) => openSavedSearchLink(current, today), { replace: true });
  }, [id, markViewed, setParams, today]);
}
