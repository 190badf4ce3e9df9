import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, createPaymentSession, errorText, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { leavePageFor } from '../../../components/leave-page';
import { SUBSCRIBE_PATH } from '../../../components/return-to';

/**
 * The subscribe flow of spec §4: confirm, create the checkout session, go to the provider.
 * `onAlreadyActive`: the server refused because the plan is active (paid in another tab since
 * this page was opened), so the page can show it instead of offering Subscribe again.
 */
export function useSubscribe(onAlreadyActive?: () => void): { subscribe: () => Promise<void>; busy: boolean } {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function subscribe() {
    if (running.current) return;
    if (!tokenStore.getToken()) {
      window.alert(MESSAGES.signInToSubscribe);
      // Issue 29: sign-in (or sign-up, then sign-in) comes back here and goes on to the checkout.
      navigate('/login', { state: { from: SUBSCRIBE_PATH } });
      return;
    }
    if (!window.confirm(MESSAGES.subscribeConfirm)) return;

    running.current = true;
    setBusy(true);
    try {
      const { url } = await createPaymentSession();
      if (!url) throw new Error(MESSAGES.somethingWentWrong);
      // Stay busy: the browser is leaving for the checkout page.
      leavePageFor(url);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.somethingWentWrong)); // spec §8: a creation error is a toast
      if (error instanceof ApiError && error.code === 'already-active') onAlreadyActive?.();
      running.current = false;
      setBusy(false);
    }
  }

  return { subscribe, busy };
}
