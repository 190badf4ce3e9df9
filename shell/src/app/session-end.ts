import { SESSION_ENDED_REASON, tokenStore } from '@rotalink/shared-api';

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

/*
 * Whose session ended: the token store drops the isAdmin flag with the token, so by the time either
 * redirect runs it cannot be asked any more. The holder is therefore noted here while a token is
 * held; the sign-in page (a member's email form) then also leads an administrator to /admin.
 */
let heldByAdmin = false;
function noteHolder(): void {
  if (tokenStore.getToken()) heldByAdmin = tokenStore.isAdmin();
  else if (!sessionEnded()) heldByAdmin = false; // a Logout: nothing ended to tell about
}

/** Follows the token store from now on (the shell's frame calls it once); returns the unsubscribe. */
export function watchSessionHolder(): () => void {
  noteHolder();
  return tokenStore.subscribe(noteHolder);
}

/** The navigation state of a redirect to /login after the server ended the session. */
export function sessionEndedState(): { reason: typeof SESSION_ENDED_REASON; admin?: true } {
  return heldByAdmin ? { reason: SESSION_ENDED_REASON, admin: true } : { reason: SESSION_ENDED_REASON };
}
