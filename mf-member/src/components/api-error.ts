import { ApiError, MESSAGES } from '@rotalink/shared-api';

/** The text to show for a failed call: the server's (or shared-api's fallback) text. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

/** 401/403 answers (and the client-side 'Token is missing') mean "not allowed as who you are". */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || (!error.status && error.message === MESSAGES.tokenMissing));
}
