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

export interface CallInput {
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

/**
 * What a request sends: its URL, method, body and (maybe) the bearer token. Exported (with
 * `toApiError`) for the /live entry, which is bundled into the pages that use it and must send
 * with this instance's token store, axios instance and session-ended handler (decision 0071).
 */
export function requestOf(path: CallPath, input: CallInput): { config: AxiosRequestConfig; bearer: boolean } {
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

/** Any failure of a call as an `ApiError`; ends the session when a token-bearing call learns it ended. */
export function toApiError(err: unknown, bearer: boolean): ApiError {
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
