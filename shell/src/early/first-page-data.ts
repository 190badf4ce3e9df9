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
import { callUrl, paths } from '@rotalink/shared-api/paths';
import type { RemoteModuleId } from '../app/route-table';

export function firstPageData(id: RemoteModuleId, search: string, apiBase: string): string[] {
  if (id !== 'mf_public/PublicProfile') return [];
  // The visitor page reads ?userId= and trims it (mf-public public-profile-page.tsx); none → no call.
  const userId = new URLSearchParams(search).get('userId')?.trim();
  if (!userId) return [];
  const query = { user_id: userId };
  return [callUrl(paths.getPublicProfile, { query }, apiBase), callUrl(paths.getPublicLinks, { query }, apiBase)];
}
