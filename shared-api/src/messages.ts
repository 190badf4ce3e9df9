/** The error catalogue of spec §8 (and the few fixed texts of §4-§5). Texts are the contract. */
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
} as const;

/** Spec §8: these two clear the token and send the browser to /login. */
export const SESSION_ENDED_MESSAGES: readonly string[] = [MESSAGES.jwtExpired, MESSAGES.invalidSignature];

/** Spec §5 link rule, mirrored from the server: 'https://' or 'www.' followed by a domain. */
export const LINK_URL_PATTERN = /^(https:\/\/|www\.)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+([/?#:][^\s]*)?$/;

/** Spec §9 timings. */
export const TIMINGS = {
  toastAutoCloseMs: 5000,
  copiedFeedbackMs: 2000,
  paymentRedirectSeconds: 5,
  resetRedirectMs: 2000,
  chunkLoadTimeoutMs: 120000,
} as const;
