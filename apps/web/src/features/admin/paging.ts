// Page arithmetic for the admin list, which pages through the whole archive ADMIN_LEADS_PAGE_SIZE at a time.
import { ADMIN_LEADS_PAGE_SIZE, MAX_PAGE_DEPTH } from '@fundwire/shared';

/**
 * How many pages `totalCount` leads fill; at least one, so "Page 1 of 1" reads right when empty, and no
 * more than the server serves by page number (MAX_PAGE_DEPTH leads deep; search to narrow beyond).
 */
export function pageCountFor(totalCount: number, pageSize = ADMIN_LEADS_PAGE_SIZE): number {
  return Math.max(1, Math.min(Math.ceil(totalCount / pageSize), Math.floor(MAX_PAGE_DEPTH / pageSize)));
}

/**
 * The page to show instead when `page` came back empty although leads exist (the last ones on it
 * were deleted, here or elsewhere): the new last page. Null when `page` is fine as it is.
 */
export function pageAfterEmptyResult(page: number, shownOnPage: number, totalCount: number, pageSize = ADMIN_LEADS_PAGE_SIZE): number | null {
  if (shownOnPage > 0 || page <= 1 || totalCount === 0) return null;
  const lastPage = pageCountFor(totalCount, pageSize);
  return lastPage < page ? lastPage : null;
}
