import type { RevokeOtherSessionsOk, RevokeSessionOk, SessionsOk } from '../contract/sessions';
import { sessionPaths } from '../paths/sessions';
import { send } from './send';

/**
 * Issue 33: the account page's session calls. In /live, for the reason the stats calls are
 * (decision 0071): only the page that lists sessions carries them.
 */
export const listSessions = () => send<SessionsOk>(sessionPaths.listSessions);
export const revokeSession = (sessionId: string) => send<RevokeSessionOk>(sessionPaths.revokeSession, { params: { sessionId } });
/** A `token` in the answer replaces the caller's (one from before sessions existed, which has ended). */
export const revokeOtherSessions = () => send<RevokeOtherSessionsOk>(sessionPaths.revokeOtherSessions);
