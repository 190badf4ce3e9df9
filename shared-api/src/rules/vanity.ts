/**
 * Issue 32: vanity handles and custom domains. The rules a member meets in the form, mirrored
 * from what the server enforces (the server stays the judge, DESIGN §6).
 */
export const HANDLE = {
  min: 3,
  max: 30,
  /** Lower-case letters, digits and hyphens; starts and ends with a letter or digit. */
  pattern: /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
  /** An old handle keeps redirecting to the profile for this long after a change, then anyone may claim it. */
  redirectDays: 30,
} as const;

/** The DNS TXT record a custom domain is verified by: `_rotalink.<hostname>` holding the token. */
export const DOMAIN_TXT_PREFIX = '_rotalink.';

/** A handle as typed: trimmed and lower-cased (handles are case-insensitive). */
export const normaliseHandle = (input: string): string => input.trim().toLowerCase();

/** The shape of a handle (length and characters), without asking the server whether it is free. */
export const isHandleShaped = (handle: string): boolean =>
  handle.length >= HANDLE.min && handle.length <= HANDLE.max && HANDLE.pattern.test(handle);

/**
 * Handles nobody may claim (issue 32): every path of the shell's route table (its own test checks
 * that), the API's and the proxy's own prefixes, and words that would pass a page off as ours or
 * as someone official. Look-alikes of these (`adm1n`) are refused too (the server compares
 * confusable skeletons).
 */
export const RESERVED_HANDLES: readonly string[] = [
  // The shell's routes (spec §2 and later issues).
  'terms',
  'privacy',
  'refundpolicy',
  'login',
  'signup',
  'forgotpassword',
  'resetpassword',
  'confirm-email',
  'payment-success',
  'profile',
  'admin',
  'user',
  'editprofile',
  'addprofile',
  'editsubprofile',
  'addlinks',
  'account',
  'stats',
  'admin-dashboard',
  'user-details',
  // The API, the rotator, the proxy and the static files.
  'api',
  'r',
  'go',
  'px',
  'docs',
  'www',
  'healthz',
  'readyz',
  'static',
  'assets',
  'config',
  'favicon',
  'remote-entry',
  'mf-manifest',
  'well-known',
  // Brand-sensitive and official-sounding words.
  'rotalink',
  'rotalinks',
  'rota-link',
  'official',
  'support',
  'help',
  'helpdesk',
  'billing',
  'payment',
  'payments',
  'checkout',
  'invoice',
  'security',
  'secure',
  'verify',
  'verified',
  'staff',
  'team',
  'moderator',
  'mod',
  'root',
  'system',
  'sysadmin',
  'administrator',
  'owner',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no-reply',
  'mail',
  'email',
  'contact',
  'about',
  'blog',
  'news',
  'status',
  'pricing',
  'plans',
  'legal',
  'settings',
  'dashboard',
  'home',
  'index',
  'null',
  'undefined',
  'anonymous',
  'test',
];
