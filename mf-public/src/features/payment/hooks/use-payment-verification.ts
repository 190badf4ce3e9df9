import { useCallback, useEffect, useState } from 'react';
import { ApiError, MESSAGES, verifyPayment } from '@rotalink/shared-api';

export type Verification =
  | { state: 'missing' }
  | { state: 'verifying' }
  | { state: 'verified' }
  | { state: 'failed'; text: string; canRetry: boolean };

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
    // The server answered and refused (400 FAILED, 403, 404…): the payment is not confirmed.
    if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
      return { state: 'failed', text: MESSAGES.paymentVerificationFailed, canRetry: false };
    }
    return { state: 'failed', text: MESSAGES.paymentVerifyError, canRetry: true };
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
