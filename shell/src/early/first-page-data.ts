/**
 * The API reads a first page starts with as soon as it mounts, known from the address alone, so
 * the start-up preloader can ask for them while the shared libraries and the remote's files are
 * still downloading (issue 7: on slow 4G the visitor page's two reads were the last round trip
 * before its content, LCP). The page's own calls then take the preloaded answers.
 *
 * The URLs must be exactly the ones shared-api's axios client builds — base + path + `?user_id=`
 * (spec §7, typos included) — or the browser fetches twice (and warns about an unused preload).
 * Only token-less reads are listed: a preload carries no Authorization header.
 */
import type { RemoteModuleId } from '../app/route-table';

/** axios's query encoding (first-page-data.test.ts checks it against the real client). */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

export function firstPageData(id: RemoteModuleId, search: string, apiBase: string): string[] {
  if (id !== 'mf_public/PublicProfile') return [];
  // The visitor page reads ?userId= and trims it (mf-public public-profile-page.tsx); none → no call.
  const userId = new URLSearchParams(search).get('userId')?.trim();
  if (!userId) return [];
  const base = apiBase.replace(/\/+$/, '');
  const query = `?user_id=${encodeQueryValue(userId)}`;
  return [`${base}/api/public/publicProfile${query}`, `${base}/api/public/userliks${query}`];
}
