/**
 * What one part tells another through the address or the router (issue 13), so the sender and
 * the reader share one spelling.
 */
/** Navigation state the shell hands /login after the server ended the session: `{ reason: SESSION_ENDED_REASON }`. */
export const SESSION_ENDED_REASON = 'session-ended';
/** The checkout's Cancel (the built-in page and Stripe's cancel_url) lands on `/?payment=cancelled`. */
export const PAYMENT_CANCELLED_PARAM = { name: 'payment', value: 'cancelled' } as const;
