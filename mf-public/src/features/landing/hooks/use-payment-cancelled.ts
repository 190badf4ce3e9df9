import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_CANCELLED_PARAM } from '@rotalink/shared-api';

/** What the landing page says when the checkout's Cancel brings the member back (issue 13). */
export const PAYMENT_CANCELLED_TEXT = 'Payment cancelled — you were not charged';

/**
 * The checkout's Cancel (the built-in page and Stripe's cancel_url) lands on `/?payment=cancelled`.
 * The notice stays until dismissed; the marker leaves the address at once, so a reload or a
 * shared link does not announce a cancellation again.
 */
export function usePaymentCancelled(): { shown: boolean; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const marked = params.get(PAYMENT_CANCELLED_PARAM.name) === PAYMENT_CANCELLED_PARAM.value;
  const [shown, setShown] = useState(marked);
  useEffect(() => {
    if (!marked) return;
    setShown(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_CANCELLED_PARAM.name);
        return next;
      },
      { replace: true },
    );
  }, [marked, setParams]);
  return { shown, dismiss: () => setShown(false) };
}
