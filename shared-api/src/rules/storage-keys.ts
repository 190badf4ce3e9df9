/**
 * Spec §3 / DESIGN §8: the session's localStorage keys. The session kernel's token store owns them
 * (issue 26); these copies are for the shell's start-up preloader, which runs before any shared
 * module — session-kernel.test.ts checks they are the kernel's.
 */
export const TOKEN_KEY = 'token';
/** 'true' while the held token is the admin's. */
export const ADMIN_KEY = 'isAdmin';
/**
 * sessionStorage: set while the server ended this tab's session (until the next sign-in), so every
 * redirect to /login can say why, whichever part of the page noticed first (issue 13).
 */
export const SESSION_ENDED_KEY = 'sessionEndedByServer';
