/**
 * Texts the server sends that the spec fixes (spec §4, §5, §8; DESIGN §7). They equal
 * shared-api's MESSAGES (messages.test.ts checks it); the server keeps its own copy so it does
 * not load the browser client (axios) at run time.
 */
export const TEXT = {
  tokenMissing: 'Token is missing',
  jwtExpired: 'Unauthorized: jwt expired',
  invalidSignature: 'Unauthorized: invalid signature',
  completePreviousFirst: 'Complete the previous link first!',
  invalidLinkUrl: "URL must start with 'https://' or 'www.'",
} as const;

/** Spec §5 link rule: 'https://' or 'www.' followed by a domain (same as shared-api LINK_URL_PATTERN). */
export const LINK_URL_PATTERN = /^(https:\/\/|www\.)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+([/?#:][^\s]*)?$/;
