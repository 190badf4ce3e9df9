import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The local checkout's proof of ownership (issue 11: `POST /checkout/:id/pay` needed no sign-in).
 * The checkout page is a plain browser page on the API's origin, so it cannot send the member's
 * bearer token; instead create-session — which only the signed-in member can call — gives them a
 * checkout URL carrying `token`, an HMAC (JWT_SECRET) of the session id and its owner. The page
 * puts it in its form, and Pay refuses a session without it.
 *
 * The session id alone is not enough on purpose: it also travels in the payment-success URL
 * (browser history, the shell's logs), while the token appears only in the URL given to the owner.
 * It is single-use in effect: once the session is paid, Pay changes nothing.
 */
export function checkoutToken(secret: string, sessionId: string, userId: string): string {
  return createHmac('sha256', secret).update(`local-checkout|${sessionId}|${userId}`).digest('base64url');
}

export function isCheckoutToken(secret: string, sessionId: string, userId: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length > 100) return false;
  const expected = Buffer.from(checkoutToken(secret, sessionId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
