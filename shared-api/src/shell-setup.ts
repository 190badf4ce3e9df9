/**
 * What only the shell calls, once per page: the API's base address from config.json and the
 * handler of an ended session (it navigates to /login). Both are the session kernel's (issue 26).
 */
import { configureTransport, setSessionEndedHandler as setHandler } from '@rotalink/session-kernel';

export function configureApi(options: { baseURL: string }): void {
  configureTransport(options);
}

/** Installed once by the shell: where to go when the token expired or was forged (spec §8). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  setHandler(handler);
}
