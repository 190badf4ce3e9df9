import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import type { CallPath } from './contract/paths';
import { MESSAGES, SESSION_ENDED_MESSAGES } from './messages';
import { tokenStore } from './token-store';

/** One typed error for every failed call; the page decides what to show (CONVENTIONS 11). */
export class ApiError extends Error {
  /** HTTP status, or undefined when no answer came (network error). */
  readonly status?: number;
  /** The server's own text, when it sent one. */
  readonly serverMessage?: string;
  readonly isNetworkError: boolean;
  constructor(message: string, options: { status?: number; serverMessage?: string; isNetworkError?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.isNetworkError = options.isNetworkError ?? false;
  }
}

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

function buildUrl(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
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
 * Sends one call of spec §7 and returns the answer's data. Token-bearing calls read the error
 * text from `error`, token-less ones from `message` (spec §7); a protected call without a token
 * fails with 'Token is missing' before any request is sent.
 */
export async function call<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const required = path.auth !== 'none';
  const token = tokenStore.getToken();
  if (required && !token) throw new ApiError(MESSAGES.tokenMissing); // spec §5: no request sent
  const bearer = Boolean(token) && (required || input.tokenIfPresent === true);

  const config: AxiosRequestConfig = {
    method: path.method,
    url: buildUrl(path.url, input.params),
    params: input.query,
    data: input.body,
    headers: bearer ? { Authorization: `Bearer ${token}` } : undefined,
  };
  try {
    const response = await http.request<T>(config);
    return response.data;
  } catch (err) {
    throw toApiError(err, bearer);
  }
}

function toApiError(err: unknown, bearer: boolean): ApiError {
  if (!isAxiosError(err)) {
    console.error('API call failed', err);
    return new ApiError(MESSAGES.somethingWentWrong);
  }
  if (!err.response) {
    console.error('API call failed without an answer', err.message);
    return new ApiError(MESSAGES.somethingWentWrong, { isNetworkError: true });
  }
  // spec §7: token-bearing calls read `error`, token-less ones `message`.
  const serverMessage = textFrom(err.response.data, bearer ? 'error' : 'message');
  // spec §4/§8: only a call that carried a token can learn that its session ended.
  if (bearer && serverMessage && SESSION_ENDED_MESSAGES.includes(serverMessage)) {
    tokenStore.clear();
    onSessionEnded?.();
  }
  console.error('API call failed', err.response.status, serverMessage ?? '');
  return new ApiError(serverMessage ?? MESSAGES.somethingWentWrong, { status: err.response.status, serverMessage });
}
