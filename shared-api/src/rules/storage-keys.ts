/** Spec §3 / DESIGN §8: the session's localStorage keys (the token store owns them). */
export const TOKEN_KEY = 'token';
/** 'true' while the held token is the admin's. */
export const ADMIN_KEY = 'isAdmin';
/**
 * sessionStorage: set while the server ended this tab's session (until the next sign-in), so every
 * redirect to /login can say why, whichever part of the page noticed first (issue 13).
 */
export const SESSION_ENDED_KEY = 'sessionEndedByServer';
