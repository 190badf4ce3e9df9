import { useSyncExternalStore } from 'react';
import { tokenStore } from '@rotalink/shared-api';

/** The token as React state: changes in this tab and in other tabs re-render (frontend contract). */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getToken, () => null);
}

export function useIsAdmin(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.isAdmin, () => false);
}
