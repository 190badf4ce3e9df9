import { requestOf, tokenStore, transmit, type CallInput, type CallPath } from '@rotalink/shared-api';

/** The last answer of each polled URL, by Authorization, so an unchanged one costs a 304 and no parsing. */
const lastAnswers = new Map<string, { who: string; etag: string; data: unknown }>();
const MAX_REMEMBERED = 32;

/** A polled read: the data, and whether it changed since the previous poll of the same URL. */
export interface LiveAnswer<T> {
  data: T;
  changed: boolean;
}

/**
 * A conditional GET for live counts (issue 15): sends the ETag of the previous answer to the same
 * URL (If-None-Match); on 304 the previous data comes back as is (same object, `changed: false`),
 * so a page can poll every few seconds while visible at the cost of a tiny request, whichever API
 * node answers (the ETag is a hash of the answer, not of a node's state). An answer is reused only
 * for the same Authorization header: another token never gets the previous one's data.
 */
export async function callLive<T>(path: CallPath, input: CallInput = {}): Promise<LiveAnswer<T>> {
  const { request, bearer } = requestOf(path, input);
  const key = request.url;
  // The kernel attaches the token; the store says which one it is.
  const whose = bearer ? `Bearer ${tokenStore.getToken() ?? ''}` : '';
  const last = lastAnswers.get(key);
  if (last && last.who === whose) request.headers = { ...request.headers, 'If-None-Match': last.etag };
  const response = await transmit<T>(request, bearer, (status) => (status >= 200 && status < 300) || status === 304);
  if (response.status === 304 && last) return { data: last.data as T, changed: false };
  const etag = response.headers.get('etag') ?? undefined;
  lastAnswers.delete(key);
  if (etag) lastAnswers.set(key, { who: whose, etag, data: response.data });
  if (lastAnswers.size > MAX_REMEMBERED) lastAnswers.delete(lastAnswers.keys().next().value as string);
  return { data: response.data, changed: true };
}
