import { getProfile, type User } from '@rotalink/shared-api';
import { useAsyncData } from './use-async-data';

/** The signed-in account's own profile (GET /api/auth/profile), loaded once the page mounts. */
export function useMyProfile() {
  return useAsyncData(() => getProfile(), []);
}

/**
 * A sub-profile signed in on its own: it has its public page and links, but no sub-profiles of its
 * own (the server refuses them with 403) and its plan is its member's.
 */
export function isSubProfileAccount(user: Pick<User, 'account'>): boolean {
  return user.account === 'sub-profile';
}
