/** Spec §9 timings. */
export const TIMINGS = {
  toastAutoCloseMs: 5000,
  copiedFeedbackMs: 2000,
  paymentRedirectSeconds: 5,
  resetRedirectMs: 2000,
  chunkLoadTimeoutMs: 120000,
} as const;
