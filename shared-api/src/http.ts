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

/** One axios instance; no request timeout (spec §7). The shell sets the base address at runtime. */
export const http = axios.create({ headers: { 'Content-Type': 'application/json' } });

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
}

function buildUrl(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

function textFrom(data: unknown, field: 'error' | 'message'): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  const other = field === 'error' ? 'message' : 'error';
  const text = record[field] ?? record[other];
  return typeof text === 'string' && text.length > 0 ? text : undefined;
}

/**
 * Sends one call of spec §7 and returns the answer's data. Token-bearing calls read the error
 * text from `error`, token-less ones from `message` (spec §7); a protected call without a token
 * fails with 'Token is missing' before any request is sent.
 */
export async function call<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const bearer = path.auth !== 'none';
  const token = tokenStore.getToken();
  if (bearer && !token) throw new ApiError(MESSAGES.tokenMissing);

  const config: AxiosRequestConfig = {
    method: path.method,
    url: buildUrl(path.url, input.params),
    params: input.query,
    data: input.body,
    headers: token && bearer ? { Authorization: `Bearer ${token}` } : undefined,
  };
  try {
    const response = await http.request<T>(config);
    return response.data;
  } catch (err) {
    throw toApiError(err, bearer ? 'error' : 'message');
  }
}

function toApiError(err: unknown, field: 'error' | 'message'): ApiError {
  if (!isAxiosError(err) || !err.response) {
    console.error('API call failed without an answer', err);
    return new ApiError(MESSAGES.somethingWentWrong, { isNetworkError: true });
  }
  const serverMessage = textFrom(err.response.data, field);
  if (serverMessage && SESSION_ENDED_MESSAGES.includes(serverMessage)) {
    tokenStore.clear();
    onSessionEnded?.();
  }
  console.error('API call failed', err.response.status, serverMessage);
  return new ApiError(serverMessage ?? MESSAGES.somethingWentWrong, { status: err.response.status, serverMessage });
}
