import { ERROR_CODES, type ErrorCode } from '../contract/error-codes';
import { MESSAGES } from '../rules/messages';

/**
 * Codes the client gives a failure itself: 'network' when no answer came (offline, DNS, CORS,
 * the API down), 'unknown' when the answer carried no code this client knows (a proxy's error
 * page, a newer server) or the call failed before it was sent.
 */
export type ClientErrorCode = 'network' | 'unknown';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** What a page does about a failure: the few cases pages tell apart (shared-api/README.md). */
export const ERROR_KINDS = [
  'session-ended',
  'unauthorized',
  'forbidden',
  'not-found',
  'invalid',
  'conflict',
  'rate-limited',
  'network',
  'unavailable',
  'server',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Every code of the contract has its kind; the compiler refuses a new code without one. */
const KIND_OF_CODE: Record<ErrorCode | 'network', ErrorKind> = {
  'session-ended': 'session-ended',
  'token-missing': 'unauthorized',
  'bad-credentials': 'unauthorized',
  // Issue 31: a bad API key never ends a person's session (keys are for scripts, not the browser).
  'api-key-invalid': 'unauthorized',
  'api-key-revoked': 'unauthorized',
  'api-key-expired': 'unauthorized',
  forbidden: 'forbidden',
  'scope-missing': 'forbidden',
  'plan-inactive': 'forbidden',
  'not-found': 'not-found',
  invalid: 'invalid',
  'too-large': 'invalid',
  'unsupported-media-type': 'invalid',
  // Issue 31: only the public REST API (/api/v1) answers these; no page of ours calls it.
  'cursor-invalid': 'invalid',
  'idempotency-key-invalid': 'invalid',
  'idempotency-key-reused': 'conflict',
  'idempotency-in-progress': 'conflict',
  'click-not-found': 'not-found',
  'queue-head-required': 'conflict',
  'link-completed': 'conflict',
  'link-paused': 'conflict',
  'link-limit': 'conflict',
  'sub-profile-limit': 'conflict',
  'email-taken': 'conflict',
  'already-active': 'conflict',
  conflict: 'conflict',
  'rate-limited': 'rate-limited',
  // An outside service (the payment provider) failed: like a 503, worth trying again shortly.
  'upstream-failed': 'unavailable',
  unavailable: 'unavailable',
  internal: 'server',
  network: 'network',
};

/** An answer without a known code is judged by its status alone (never as 'session-ended'). */
function kindOfStatus(status: number | undefined): ErrorKind {
  if (status === undefined) return 'server';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return status >= 500 ? 'server' : 'invalid';
}

/** The classifier: one kind per code (and, for 'unknown', per HTTP status). */
export function kindOf(code: ApiErrorCode, status?: number): ErrorKind {
  return code === 'unknown' ? kindOfStatus(status) : KIND_OF_CODE[code];
}

/** The code of an error body, when it is one of the contract's. */
export function codeOf(body: unknown): ErrorCode | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : undefined;
}

/** One typed error for every failed call; the page decides what to show (CONVENTIONS 11). */
export class ApiError extends Error {
  /** The server's code, or the client's own ('token-missing' when refused before sending, 'network', 'unknown'). */
  readonly code: ApiErrorCode;
  /** What a page switches on, derived from `code` (and the status for 'unknown'). */
  readonly kind: ErrorKind;
  /** HTTP status, or undefined when no answer came or the call was never sent. */
  readonly status?: number;
  /** The server's own text, when it sent one. */
  readonly serverMessage?: string;
  constructor(message: string, options: { code: ApiErrorCode; status?: number; serverMessage?: string }) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.kind = kindOf(options.code, options.status);
  }
}

/** The kind of any thrown value: an ApiError's own, anything else is a fault ('server'). */
export function errorKind(error: unknown): ErrorKind {
  return error instanceof ApiError ? error.kind : 'server';
}

/** The spec §8 texts of a failed read (issue 29: their network line says nothing about saving). */
const LOAD_TEXTS = new Set<string>([MESSAGES.loadLinksFailed, MESSAGES.loadProfileFailed, MESSAGES.loadProfileFailedShort]);

export interface ErrorTextOptions {
  /** The text when no answer came (some pages of spec §8 have one); default: the fallback. */
  network?: string;
  /** Show the server's own text when it sent one (spec §8 "the server message, or …"). Default true. */
  serverText?: boolean;
}

/**
 * The text a page shows for a failed call: the server's own (unless the page's spec text is fixed),
 * else the page's fallback; the network text when no answer came; and for a service that is
 * temporarily away (503/502) a clear "try again" rather than a misleading "failed".
 */
export function errorText(error: unknown, fallback: string, options: ErrorTextOptions = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  const serverText = options.serverText !== false ? error.serverMessage : undefined;
  // Issue 29: no answer at all keeps the page's (spec) text and adds why on a second line.
  if (error.kind === 'network') {
    if (options.network !== undefined) return options.network;
    // A page that only read something (the spec's load texts) saved nothing to lose: say so plainly.
    const line = LOAD_TEXTS.has(fallback) ? MESSAGES.notReachedRead : MESSAGES.notReached;
    return fallback ? `${fallback}\n${line}` : line;
  }
  // Issue 29: a call whose session ended says so in plain words, never 'Unauthorized: jwt expired'
  // (the shell is already on its way to /login, spec §4).
  if (error.kind === 'session-ended') return MESSAGES.sessionEnded;
  if (error.kind === 'unavailable') return serverText || MESSAGES.unavailable;
  return serverText || fallback;
}
