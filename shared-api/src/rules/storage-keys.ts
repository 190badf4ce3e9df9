/** Spec §3 / DESIGN §8: the session's localStorage keys (the token store owns them). */
export const TOKEN_KEY = 'token';
/** 'true' while the held token is the admin's. */
export const ADMIN_KEY = 'isAdmin';
/**
 * sessionStorage: set while the server ended this tab's session (until the next sign-in), so every
 * redirect to /login can say why, whichever part of the page noticed first (issue 13).
 */
export const SESSION_ENDED_KEY = 'sessionEndedByServer';

/**
 * Issue 12: the window property where the shell's start-up preloader leaves a signed-in page's
 * first API read (a promise of its JSON, or of null when it failed), keyed by URL, for the page to
 * take once instead of asking again. Only reads that need the token go here; token-less ones are
 * `<link rel="preload">`s the browser matches by itself.
 */
export const EARLY_READS_KEY = '__rotalinkEarlyReads';
