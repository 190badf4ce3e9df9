/**
 * Stable error codes on the wire (issue 10): every error body carries one beside the spec's
 * texts, so clients decide by code, never by comparing English. Adding a code is additive;
 * renaming or removing one breaks deployed remotes, so don't.
 */
export const ERROR_CODES = [
  /** 401: the token expired, was revoked, forged or malformed: clear it and go to /login. */
  'session-ended',
  /** 401: a protected call without a token. */
  'token-missing',
  /** 401: wrong email/username or password. */
  'bad-credentials',
  /** 403: signed in, but not allowed (another member's profile, a member token on an admin call…). */
  'forbidden',
  /** 401 (issue 31): an API key that does not exist or is not shaped like one. */
  'api-key-invalid',
  /** 401: an API key its owner revoked. */
  'api-key-revoked',
  /** 401: an API key past its expiry date. */
  'api-key-expired',
  /** 403: the API key lacks the scope the call needs (the message names it). */
  'scope-missing',
  /** 403: the call needs an active plan. */
  'plan-inactive',
  /** 404: unknown id or route. */
  'not-found',
  /** 400: input that fails the contract or a rule (the message names the field). */
  'invalid',
  /** 409: the link is not the head of its queue ('Complete the previous link first!'). */
  'queue-head-required',
  /** 409: the link has reached its cap. */
  'link-completed',
  /** 409: the link is paused (issue 16): its owner or the health check took it out of the queue. */
  'link-paused',
  /** 409: the profile already holds the plan's number of links. */
  'link-limit',
  /** 409: the member already has the plan's number of sub-profiles. */
  'sub-profile-limit',
  /** 409: the email belongs to another account. */
  'email-taken',
  /** 409: the plan is already active. */
  'already-active',
  /** 409: any other conflict with the current state. */
  'conflict',
  /** 400 (issue 31, /api/v1): a `cursor` this API did not hand out, or for another list. */
  'cursor-invalid',
  /** 400: an Idempotency-Key header that is empty or longer than 255 visible characters. */
  'idempotency-key-invalid',
  /** 422: an Idempotency-Key already used by this account for a different request (another body or call). */
  'idempotency-key-reused',
  /** 409: the first request with this Idempotency-Key is still being answered; retry shortly. */
  'idempotency-in-progress',
  /** 404: a conversion names a click_id that is not a click of this profile. */
  'click-not-found',
  /** 413: the body is too large. */
  'too-large',
  /** 415: the body is not JSON. */
  'unsupported-media-type',
  /** 429: too many requests or failed sign-ins. */
  'rate-limited',
  /** 502: an outside service (payment provider) failed. */
  'upstream-failed',
  /** 503: a dependency (database, Redis, SMTP) is away; try again shortly. */
  'unavailable',
  /** 500: an unexpected fault; the text is generic by design. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
