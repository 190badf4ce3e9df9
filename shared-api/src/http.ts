import { send, type TransportAnswer, type TransportRequest } from '@rotalink/session-kernel';
import { callUrl, type CallPath } from './paths';
import { MESSAGES } from './rules/messages';
import { ApiError, codeOf } from './errors/api-error';
import { tokenStore } from './session';

/*
 * Issue 26: the calls, the URL builder and ApiError are bundled into each remote; what must be one
 * per page — the base address, the token, the session-ended reaction — is the session kernel's
 * transport (a shared singleton), reached by its package name. No request timeout (spec §7).
 */

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
 * What a request sends: its URL, method, body and whether it carries the token. Exported (with
 * `transmit` and `toApiError`) for the /live entry, which adds its own headers or reads a Blob.
 */
export function requestOf(path: CallPath, input: CallInput): { request: TransportRequest; bearer: boolean } {
  const required = path.auth !== 'none';
  const token = tokenStore.getToken();
  if (required && !token) throw new ApiError(MESSAGES.tokenMissing, { code: 'token-missing' }); // spec §5: no request sent
  const bearer = Boolean(token) && (required || input.tokenIfPresent === true);
  const request: TransportRequest = {
    method: path.method,
    // The one URL builder (paths), so the preloader's URLs are these byte for byte.
    url: callUrl(path, { params: input.params, query: input.query }),
    body: input.body,
    bearer,
  };
  return { request, bearer };
}

/** Sends through the kernel; an answer outside `accept` (2xx by default) or no answer becomes an ApiError. */
export async function transmit<T>(
  request: TransportRequest,
  bearer: boolean,
  accept: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<TransportAnswer<T>> {
  let answer: TransportAnswer<T>;
  try {
    answer = await send<T>(request);
  } catch (err) {
    throw toApiError(err, bearer);
  }
  if (!accept(answer.status)) throw toApiError(answer, bearer);
  return answer;
}

/**
 * Sends one call of spec §7 and returns the answer's data. Token-bearing calls read the error
 * text from `error`, token-less ones from `message` (spec §7); a protected call without a token
 * fails with 'Token is missing' (code 'token-missing') before any request is sent.
 */
export async function call<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const { request, bearer } = requestOf(path, input);
  return (await transmit<T>(request, bearer)).data;
}

const isAnswer = (value: unknown): value is TransportAnswer =>
  Boolean(value) && typeof value === 'object' && typeof (value as TransportAnswer).status === 'number' && 'data' in (value as object);

/**
 * Any failure of a call as an `ApiError`: an answer with an error status (its code and text), no
 * answer at all ('network'), or anything else ('unknown'). The session-ended reaction itself is the
 * kernel's (it happens once, whichever copy of this code made the call).
 */
export function toApiError(err: unknown, bearer: boolean): ApiError {
  if (err instanceof ApiError) return err;
  if (isAnswer(err)) {
    const { status, data } = err;
    // spec §7: token-bearing calls read `error`, token-less ones `message`.
    const serverMessage = textFrom(data, bearer ? 'error' : 'message');
    const error = new ApiError(serverMessage ?? MESSAGES.somethingWentWrong, { code: codeOf(data) ?? 'unknown', status, serverMessage });
    console.error('API call failed', status, error.code, serverMessage ?? '');
    return error;
  }
  if (err instanceof Error && err.name === 'TransportNetworkError') {
    console.error('API call failed without an answer', err.message);
    return new ApiError(MESSAGES.somethingWentWrong, { code: 'network' });
  }
  console.error('API call failed', err);
  return new ApiError(MESSAGES.somethingWentWrong, { code: 'unknown' });
}
