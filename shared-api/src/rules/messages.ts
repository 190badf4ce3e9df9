/**
 * The error catalogue of spec §8 (and the few fixed texts of §4-§5). Texts are the contract:
 * pages show them, nothing compares them (decisions hang on ApiError's `code` and `kind`).
 */
import { PLAN } from './plan';

export const MESSAGES = {
  somethingWentWrong: 'Something went wrong!',
  tokenMissing: 'Token is missing',
  jwtExpired: 'Unauthorized: jwt expired',
  invalidSignature: 'Unauthorized: invalid signature',
  loginFailed: 'Login failed!',
  signupFailed: 'Signup failed. Please try again.',
  signupNetwork: 'An error occurred. Please try again later.',
  forgotSent: 'Password reset email sent!',
  forgotNetwork: 'An error occurred. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match!',
  resetSuccess: 'Password reset successful!',
  paymentVerificationFailed: 'Payment verification failed.',
  paymentVerifyError: 'An error occurred while verifying payment.',
  sessionIdNotFound: 'Session ID not found.',
  loadLinksFailed: 'Failed to load user links.',
  loadProfileFailed: 'Failed to load profile data.',
  updateClicksFailed: 'Failed to update click count.',
  updateProfileFailed: 'Failed to update profile.',
  unauthorizedLogin: 'Unauthorized. Please login.',
  updateFailed: 'Update failed',
  loadProfileFailedShort: 'Failed to load profile data',
  anErrorOccurred: 'An error occurred.',
  adminSomethingWrong: 'Something went wrong.',
  completePreviousFirst: 'Complete the previous link first!',
  invalidLinkUrl: "URL must start with 'https://' or 'www.'",
  copied: 'Copied!',
  /** Spec §9: the confirm before checkout. */
  subscribeConfirm: `You are subscribing to (lifetime) for $${PLAN.amount.toFixed(2)}`,
  /** Spec §6: Subscribe without a token shows an alert, then /login. */
  signInToSubscribe: 'Please sign in to subscribe.',
  /**
   * Not in the spec (issue 10): a 503 (database, Redis or mail away) or a 502 without a text of
   * its own. The server's 503 answer carries this same text.
   */
  unavailable: 'The service is temporarily unavailable, please try again in a moment.',
  /** Spec §8's addition: on /login after the server ended the session (issue 13); also what a page says instead of the raw 'Unauthorized: …' (issue 29). */
  sessionEnded: 'Your session has ended, please sign in again',
  /** Issue 29: the second line under a spec fallback when no answer came at all (never read as a wrong password). */
  notReached: 'The server could not be reached. Nothing was saved.',
  /** Issue 29: the same under a failed read. */
  notReachedRead: 'The server could not be reached. Please check your connection and try again.',
  /** Issue 29: the second line under a sign-in failure when no answer came. */
  notReachedSignIn: 'The server could not be reached, so your password was not checked. Please try again.',
} as const;
