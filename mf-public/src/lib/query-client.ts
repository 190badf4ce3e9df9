import { QueryClient } from '@tanstack/react-query';

/**
 * This remote's server-state cache (issue 26: TanStack Query in place of the home-made ones). It
 * is the remote's own — @tanstack/react-query is bundled into each remote, not shared, so teams
 * upgrade it alone — and every hook passes it to useQuery explicitly, so no provider has to wrap
 * the exposed pages. Calls fail once, as before (no automatic retries: the pages have Retry);
 * nothing refetches on focus or reconnect except what a page polls itself.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, gcTime: 60_000 },
  },
});
