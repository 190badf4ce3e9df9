import { useMemo } from 'react';

export const PAGE_SIZE = 50;

/**
 * One page of a list (issue 5: a thousand users must not freeze the page — only PAGE_SIZE rows
 * are ever in the DOM). The requested page is clamped, so deleting the last row of the last
 * page, or a narrower search, lands on a page that exists.
 */
export function usePagination<T>(items: T[], requestedPage: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const start = (page - 1) * pageSize;
  const pageItems = useMemo(() => items.slice(start, start + pageSize), [items, start, pageSize]);
  return { page, pageCount, pageItems, from: items.length === 0 ? 0 : start + 1, to: start + pageItems.length, total: items.length };
}
