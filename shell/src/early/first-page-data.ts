/**
 * The API reads a first page starts with as soon as it mounts, known from the address alone, so
 * the start-up preloader can ask for them while the shared libraries and the remote's files are
 * still downloading (issue 7: on slow 4G the visitor page's two reads were the last round trip
 * before its content, LCP). The page's own calls then take the preloaded answers.
 *
 * The URLs must be exactly the ones shared-api's client requests, or the browser fetches twice
 * (and warns about an unused preload): both are built by shared-api's one `callUrl`.
 * Only token-less reads are listed: a preload carries no Authorization header.
 */
import { adminListPlace, callUrl, paths, usersPageQuery } from '@rotalink/shared-api/paths';
import { ADMIN_LIST } from '@rotalink/shared-api/rules';
import type { RemoteModuleId } from '../app/route-table';

export function firstPageData(id: RemoteModuleId, search: string, apiBase: string): string[] {
  if (id !== 'mf_public/PublicProfile') return [];
  // The visitor page reads ?userId= and trims it (mf-public public-profile-page.tsx); none → no call.
  const userId = new URLSearchParams(search).get('userId')?.trim();
  if (!userId) return [];
  const query = { user_id: userId };
  return [callUrl(paths.getPublicProfile, { query }, apiBase), callUrl(paths.getPublicLinks, { query }, apiBase)];
}

/**
 * Issue 12: the read a signed-in first page starts with that needs the token — the admin
 * dashboard's page of members (its search and page from the address) — or null. The preloader
 * sends it with the token and the session kernel hands the answer to the identical request (issue
 * 26); the URL must be the one mf-admin asks for (first-page.ts there), built from the same
 * shared-api pieces.
 */
export function firstAuthorizedRead(id: RemoteModuleId, search: string, apiBase: string): string | null {
  if (id !== 'mf_admin/AdminDashboard') return null;
  const query = usersPageQuery({ ...adminListPlace(search), pageSize: ADMIN_LIST.defaultPageSize });
  return callUrl(paths.getAllUsers, { query }, apiBase);
}
