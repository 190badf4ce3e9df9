import { useSyncExternalStore } from 'react';
import { tokenStore } from '../session';

/**
 * The session as React state: a sign-in or sign-out in this tab or another re-renders. React is a
 * peer dependency (the page's one shared copy), never bundled here.
 */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getToken, () => null);
}

/** True while the held token is the admin's. */
export function useIsAdmin(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.isAdmin, () => false);
}
