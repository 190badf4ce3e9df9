/**
 * Spec §3 / DESIGN §8: the session's browser keys. The kernel owns them; shared-api's /rules keeps
 * the same strings for the shell's start-up preloader, which runs before any shared module
 * (`storage-keys.test.ts` there checks the two never differ).
 */
export const TOKEN_KEY = 'token';
/** 'true' while the held token is the admin's. */
export const ADMIN_KEY = 'isAdmin';
/**
 * sessionStorage: set while the server ended this tab's session (until the next sign-in), so every
 * redirect to /login can say why, whichever part of the page noticed first (issue 13).
 */
export const SESSION_ENDED_KEY = 'sessionEndedByServer';
