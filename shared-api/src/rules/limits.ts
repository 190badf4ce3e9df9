/**
 * Input limits of the contract (its TypeBox schemas use these), mirrored by the pages so a member
 * learns them before a round trip. The server stays the judge (DESIGN §6).
 */
export const MAX_NAME = 100;
export const MAX_TEXT = 2000;
export const MIN_EMAIL = 3;
export const MAX_EMAIL = 254;
export const MAX_URL = 2048;
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;
export const MAX_ID = 64;
export const MIN_PHONE = 3;
export const MAX_PHONE = 32;
/** max_clicks: a whole number from 1 to this, or null for unlimited (DESIGN §6). */
export const MAX_CLICKS = 1_000_000_000;
/** The admin's membership editor: package_price in dollars, 0 to this. */
export const MAX_PRICE = 1_000_000;

/** Digits, spaces and + ( ) - . only (the contract's Phone). */
export const PHONE_PATTERN = /^[0-9+()\-. ]+$/;
/**
 * A pragmatic email check for forms: something@domain.tld, no spaces. The server checks the
 * contract's `format: 'email'` for real.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The admin's member list (issue 12): the unpaged answer holds at most the newest `unpagedMax`
 * members (never the whole table), a page at most `maxPageSize`, by default `defaultPageSize`.
 */
export const ADMIN_LIST = { unpagedMax: 1000, maxPageSize: 100, defaultPageSize: 50 } as const;
