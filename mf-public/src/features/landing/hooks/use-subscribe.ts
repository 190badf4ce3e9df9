import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { createPaymentSession, MESSAGES, PLAN, tokenStore } from '@rotalink/shared-api';
import { leavePageFor } from '../../../components/leave-page';

/** Spec §9 text shape: 'You are subscribing to (lifetime) for $...'. */
export const SUBSCRIBE_CONFIRM_TEXT = `You are subscribing to (lifetime) for $${PLAN.amount.toFixed(2)}`;
/** Spec §6: subscribing without a token shows an alert, then /login. */
export const SIGN_IN_TO_SUBSCRIBE_TEXT = 'Please sign in to subscribe.';

/** The subscribe flow of spec §4: confirm, create the checkout session, go to the provider. */
export function useSubscribe(): { subscribe: () => Promise<void>; busy: boolean } {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function subscribe() {
    if (running.current) return;
    if (!tokenStore.getToken()) {
      window.alert(SIGN_IN_TO_SUBSCRIBE_TEXT);
      navigate('/login');
      return;
    }
    if (!window.confirm(SUBSCRIBE_CONFIRM_TEXT)) return;

    running.current = true;
    setBusy(true);
    try {
      const { url } = await createPaymentSession();
      if (!url) throw new Error(MESSAGES.somethingWentWrong);
      // Stay busy: the browser is leaving for the checkout page.
      leavePageFor(url);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : MESSAGES.somethingWentWrong);
      running.current = false;
      setBusy(false);
    }
  }

  return { subscribe, busy };
}
