import { useCallback, useEffect, useState } from 'react';
import { errorKind, MESSAGES, verifyPayment } from '@rotalink/shared-api';

export type Verification =
  { state: 'missing' } | { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; text: string; canRetry: boolean };

/**
 * One verification per session id for the page's lifetime. React StrictMode runs effects twice
 * (mount, unmount, mount) and a ref does not survive every remount, so the in-flight promise is
 * kept at module level: the second run joins the first instead of calling the server again.
 */
const inFlight = new Map<string, Promise<Verification>>();

async function verify(sessionId: string): Promise<Verification> {
  try {
    const answer = await verifyPayment(sessionId);
    if (answer?.status === 'SUCCESS') return { state: 'verified' };
    return { state: 'failed', text: MESSAGES.paymentVerificationFailed, canRetry: false };
  } catch (error) {
    switch (errorKind(error)) {
      // The server looked and refused (400 FAILED, 403, 404, 409): the payment is not confirmed.
      case 'invalid':
      case 'forbidden':
      case 'not-found':
      case 'conflict':
        return { state: 'failed', text: MESSAGES.paymentVerificationFailed, canRetry: false };
      case 'unavailable':
        return { state: 'failed', text: MESSAGES.unavailable, canRetry: true };
      // No answer, a fault, too many tries, or signed out (sign in, then try again).
      default:
        return { state: 'failed', text: MESSAGES.paymentVerifyError, canRetry: true };
    }
  }
}

function verifyOnce(sessionId: string): Promise<Verification> {
  let pending = inFlight.get(sessionId);
  if (!pending) {
    pending = verify(sessionId);
    inFlight.set(sessionId, pending);
  }
  return pending;
}

export function usePaymentVerification(sessionId: string): { result: Verification; retry: () => void } {
  const [result, setResult] = useState<Verification>(sessionId ? { state: 'verifying' } : { state: 'missing' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!sessionId) {
      setResult({ state: 'missing' });
      return;
    }
    let current = true;
    setResult({ state: 'verifying' });
    void verifyOnce(sessionId).then((outcome) => {
      if (current) setResult(outcome);
    });
    return () => {
      current = false;
    };
  }, [sessionId, attempt]);

  const retry = useCallback(() => {
    inFlight.delete(sessionId); // only offered after a network/server error
    setAttempt((n) => n + 1);
  }, [sessionId]);

  return { result, retry };
}

/** For tests: forget earlier verifications. */
export function resetPaymentVerifications(): void {
  inFlight.clear();
}
