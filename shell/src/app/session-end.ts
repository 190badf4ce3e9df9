import { tokenStore } from '@rotalink/shared-api';

export { SESSION_ENDED_REASON } from '@rotalink/shared-api';

/*
 * Why the browser is being sent to /login is handed to mf-public's sign-in page as navigation state
 * (`{ reason: SESSION_ENDED_REASON }`, issue 13: "Your session has ended, please sign in again");
 * the string lives in shared-api's rules, the contract between the shell and mf-public.
 *
 * Two redirects race when the server ends a session: the guard of an open guarded page (its token
 * is gone) and the session-ended handler. Both ask shared-api's token store, which marks the end
 * before it removes the token, so whichever lands last still says why.
 */
export function sessionEnded(): boolean {
  return tokenStore.sessionEndedByServer();
}
