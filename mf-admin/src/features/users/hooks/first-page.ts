import { ADMIN_LIST, adminListPlace, getUsersPage, type AllUsersPage } from '@rotalink/shared-api';
import { queryClient } from '../../../lib/query-client';

export const PAGE_SIZE = ADMIN_LIST.defaultPageSize;

/** The page and search an address asks for (`?q=&page=`), within the API's limits, as the shell's preloader reads them. */
export const placeFrom = adminListPlace;

/** An early answer older than this is not shown (the page would show stale members). */
const FRESH_MS = 10_000;
/** The early read's place in the remote's query cache (issue 26: no cache of our own). */
const earlyKey = (page: number, q: string) => ['mf-admin', 'users-page-early', page, q];

/**
 * Issue 12: the list's first request starts as soon as this remote's module is evaluated, not
 * after React has rendered the page and run its effects (~300 ms later on a slow phone) — or
 * earlier still, by the shell's preloader, whose answer the session kernel's transport hands to
 * this identical request (issue 26). Called by the exposed module when the address is the
 * dashboard's; a failure is left to the page's own call.
 */
export function requestFirstPageEarly(search: string): void {
  const { page, q } = placeFrom(search);
  // One early read at a time; a failure stays in the cache as an error, and usersPage() then asks
  // again and the page handles it.
  queryClient.removeQueries({ queryKey: ['mf-admin', 'users-page-early'] });
  void queryClient.prefetchQuery({ queryKey: earlyKey(page, q), queryFn: () => getUsersPage({ page, pageSize: PAGE_SIZE, q }) });
}

/** The early answer for this page and search, once and while fresh; otherwise a new request. */
export async function usersPage(page: number, q: string): Promise<AllUsersPage> {
  const key = earlyKey(page, q);
  const early = queryClient.getQueryState<AllUsersPage>(key);
  const fresh = () => getUsersPage({ page, pageSize: PAGE_SIZE, q });
  if (!early || early.status === 'error') {
    queryClient.removeQueries({ queryKey: key, exact: true });
    return fresh();
  }
  try {
    if (Date.now() - (early.dataUpdatedAt || Date.now()) >= FRESH_MS) return await fresh();
    // Still on its way, or in: take it (fetchQuery joins the request in flight).
    return await queryClient.fetchQuery({ queryKey: key, queryFn: fresh, staleTime: FRESH_MS });
  } catch {
    return fresh();
  } finally {
    queryClient.removeQueries({ queryKey: key, exact: true }); // taken once: a Refresh asks the server
  }
}
