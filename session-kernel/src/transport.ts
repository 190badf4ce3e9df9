import { tokenStore } from './token-store';

/**
 * The configured HTTP transport (issue 26): the API's base address (from the shell's config.json),
 * the bearer header and the session-ended reaction, on the browser's own `fetch`. It knows no call,
 * no path and no error text: those are shared-api's, bundled into each remote, which sends through
 * here. Everything a remote may rely on is in exports.json; a new capability is a new name.
 */

/** One request. `url` is the path and query (shared-api's `callUrl`); the base is prefixed here. */
export interface TransportRequest {
  method: string;
  url: string;
  /** Sent as JSON when present. */
  body?: unknown;
  /** Extra headers (e.g. If-None-Match); Authorization is the transport's own. */
  headers?: Record<string, string>;
  /** Attach the held token as `Authorization: Bearer …`. */
  bearer?: boolean;
  /** How to read a 2xx body: JSON when it parses, else text (default), or a Blob (downloads). */
  as?: 'json' | 'blob';
}

/** An answer of any HTTP status; only "no answer at all" rejects (with a TransportNetworkError). */
export interface TransportAnswer<T = unknown> {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  data: T;
}

export class TransportNetworkError extends Error {
  override name = 'TransportNetworkError';
}

let baseURL = '';
let onSessionEnded: (() => void) | null = null;
/** Issue 26: reads the shell's start-up preloader already started, handed over once by URL and token. */
const earlyAnswers = new Map<string, { token: string; answer: Promise<Response | null>; at: number }>();
/** An early answer older than this is not used (the page would show stale data). */
const EARLY_FRESH_MS = 10_000;

/** The shell calls it once with config.json's `apiBase`. */
export function configureTransport(options: { baseURL: string }): void {
  baseURL = options.baseURL.replace(/\/+$/, '');
}

/** The configured API base address ('' before the shell configured it). */
export function transportBase(): string {
  return baseURL;
}

/** Installed once by the shell: where to go when the token expired or was forged (spec §8). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

/**
 * The shell's start-up preloader fetched a signed-in page's first read before any shared module
 * existed (issue 12); it is offered here by its full URL and the token it carried, and the first
 * `send` of the same GET with the same token takes it instead of asking again. A failed early read
 * (null) is never used: the request is sent as usual and handles its own errors.
 */
export function offerEarlyAnswer(url: string, token: string, answer: Promise<Response | null>): void {
  earlyAnswers.set(url, { token, answer: answer.catch(() => null), at: Date.now() });
}

function joinUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || !baseURL) return url;
  return `${baseURL}/${url.replace(/^\/+/, '')}`;
}

/** Like axios's default: JSON when the text parses, else the text itself ('' for an empty body). */
async function readBody(response: Response, as: TransportRequest['as']): Promise<unknown> {
  if (as === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function takeEarly(url: string, method: string, token: string | null): Promise<Response | null> | null {
  const early = earlyAnswers.get(url);
  if (!early) return null;
  earlyAnswers.delete(url);
  if (method !== 'GET' || early.token !== token || Date.now() - early.at > EARLY_FRESH_MS) return null;
  return early.answer;
}

/**
 * Sends one request. Resolves with the answer whatever its status; rejects only when no answer
 * came (TransportNetworkError). When a request that carried the token is answered with the code
 * 'session-ended' (spec §4/§8: expired or forged), the token store is cleared and the shell's
 * handler runs — decided by the code, never by a status or a text.
 */
export async function send<T = unknown>(request: TransportRequest): Promise<TransportAnswer<T>> {
  const token = request.bearer ? tokenStore.getToken() : null;
  const url = joinUrl(request.url);
  const method = request.method.toUpperCase();
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = request.body !== undefined;
  // No Content-Type without a body: a JSON type on a GET would cost a CORS preflight per read.
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response = (token && (await takeEarly(url, method, token))) || null;
  if (!response) {
    try {
      response = await fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        mode: 'cors',
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new TransportNetworkError(error instanceof Error ? error.message : String(error));
    }
  }
  let data: unknown;
  try {
    data = await readBody(response, request.as);
  } catch (error) {
    throw new TransportNetworkError(error instanceof Error ? error.message : String(error)); // the body broke off
  }
  if (token && !response.ok && (data as { code?: unknown } | null)?.code === 'session-ended') {
    tokenStore.endSession();
    onSessionEnded?.();
  }
  return { status: response.status, ok: response.ok, headers: response.headers, data: data as T };
}
