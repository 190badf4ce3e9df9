import { ApiError } from '@rotalink/shared-api';

/** The server's password rule (shared-api contract MIN_PASSWORD); mirrored so users learn it early. */
export const MIN_PASSWORD_LENGTH = 8;

/** A pragmatic email check: something@domain.tld, no spaces. The server validates for real. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** The server's own text when it sent one, else the page's fallback (spec §8). */
export function serverTextOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** True when the call never got an answer (offline, DNS, CORS). */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.isNetworkError;
