import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import { callUrl, type CallPath } from './paths';
import { MESSAGES } from './rules/messages';
import { ApiError, codeOf } from './errors/api-error';
import { tokenStore } from './token-store';

/**
 * One axios instance; no request timeout (spec §7). The shell sets the base address at runtime.
 * No default Content-Type: axios sets JSON for bodies itself, and a JSON type on a GET would
 * cost the visitor page a CORS preflight per read.
 */
export const http = axios.create();

let onSessionEnded: (() => void) | null = null;

export function configureApi(options: { baseURL: string }): void {
  http.defaults.baseURL = options.baseURL.replace(/\/+$/, '');
}

/** Installed once by the shell: where to go when the token expired or was forged (spec §8). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

interface CallInput {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** A token-less call of spec §7 that still carries the token when one is held (member links). */
  tokenIfPresent?: boolean;
}

/** The server's text: the preferred field, else the other one (DESIGN §7 sends both). */
function textFrom(data: unknown, field: 'error' | 'message'): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  const other = field === 'error' ? 'message' : 'error';
  for (const key of [field, other]) {
    const text = record[key];
    if (typeof text === 'string' && text.trim().length > 0) return text;
  }
  return undefined;
}

/** What a token-bearing request sends: its URL, method, body and (maybe) the bearer token. */
function requestOf(path: CallPath, input: CallInput): { config: AxiosRequestConfig; bearer: boolean } {
  const required = path.auth !== 'none';
  const token = tokenStore.getToken();
  if (required && !token) throw new ApiError(MESSAGES.tokenMissing, { code: 'token-missing' }); // spec §5: no request sent
  const bearer = Boolean(token) && (required || input.tokenIfPresent === true);
  const config: AxiosRequestConfig = {
    method: path.method,
    // The one URL builder (paths), so the preloader's URLs are these byte for byte; no axios params.
    url: callUrl(path, { params: input.params, query: input.query }),
    data: input.body,
    headers: bearer ? { Authorization: `Bearer ${token}` } : undefined,
  };
  return { config, bearer };
}

/**
 * Sends one call of spec §7 and returns the answer's data. Token-bearing calls read the error
 * text from `error`, token-less ones from `message` (spec §7); a protected call without a token
 * fails with 'Token is missing' (code 'token-missing') before any request is sent.
 */
export async function call<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const { config, bearer } = requestOf(path, input);
  try {
    const response = await http.request<T>(config);
    return response.data;
  } catch (err) {
    throw toApiError(err, bearer);
  }
}

/** The last answer of each polled URL, by token, so an unchanged one costs a 304 and no parsing. */
const lastAnswers = new Map<string, { token: string; etag: string; data: unknown }>();
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
 * node answers (the ETag is a hash of the answer, not of a node's state).
 */
export async function callLive<T>(path: CallPath, input: CallInput = {}): Promise<LiveAnswer<T>> {
  const { config, bearer } = requestOf(path, input);
  const key = config.url ?? '';
  const token = tokenStore.getToken() ?? '';
  const last = lastAnswers.get(key);
  if (last && last.token === token) config.headers = { ...config.headers, 'If-None-Match': last.etag };
  config.validateStatus = (status) => (status >= 200 && status < 300) || status === 304;
  try {
    const response = await http.request<T>(config);
    if (response.status === 304 && last) return { data: last.data as T, changed: false };
    const etag = response.headers.etag as string | undefined;
    lastAnswers.delete(key);
    if (etag) lastAnswers.set(key, { token, etag, data: response.data });
    if (lastAnswers.size > MAX_REMEMBERED) lastAnswers.delete(lastAnswers.keys().next().value as string);
    return { data: response.data, changed: true };
  } catch (err) {
    throw toApiError(err, bearer);
  }
}

/** A file the server sends (the clicks CSV): its bytes and the name from Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** A token-bearing download (an <a href> cannot carry the bearer token): the page saves the blob. */
export async function download(path: CallPath, input: CallInput, fallbackName: string): Promise<Download> {
  const { config, bearer } = requestOf(path, input);
  config.responseType = 'blob';
  try {
    const response = await http.request<Blob>(config);
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: response.data, filename };
  } catch (err) {
    // An error answer arrives as a Blob too: read its JSON so the page shows the server's text.
    if (isAxiosError(err) && err.response?.data instanceof Blob) {
      try {
        err.response.data = JSON.parse(await blobText(err.response.data)) as unknown;
      } catch {
        /* not JSON: the generic text follows */
      }
    }
    throw toApiError(err, bearer);
  }
}

/** A blob's text (FileReader: also where Blob.text() is missing, as in older engines and jsdom). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

function toApiError(err: unknown, bearer: boolean): ApiError {
  if (!isAxiosError(err)) {
    console.error('API call failed', err);
    return new ApiError(MESSAGES.somethingWentWrong, { code: 'unknown' });
  }
  if (!err.response) {
    console.error('API call failed without an answer', err.message);
    return new ApiError(MESSAGES.somethingWentWrong, { code: 'network' });
  }
  const { status, data } = err.response;
  // spec §7: token-bearing calls read `error`, token-less ones `message`.
  const serverMessage = textFrom(data, bearer ? 'error' : 'message');
  const error = new ApiError(serverMessage ?? MESSAGES.somethingWentWrong, { code: codeOf(data) ?? 'unknown', status, serverMessage });
  // spec §4/§8: only a call that carried a token can learn that its session ended; the code says so.
  if (bearer && error.code === 'session-ended') {
    tokenStore.endSession();
    onSessionEnded?.();
  }
  console.error('API call failed', status, error.code, serverMessage ?? '');
  return error;
}
