import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, MESSAGES, PLAN, createPaymentSession, errorText, useToken } from '@rotalink/shared-api';
import { leaveSiteFor } from './leave-site';

interface Props {
  className?: string;
  /**
   * The server says the plan is already active (409 'already-active'): the page showing this
   * button read the plan before it was paid (another tab, another device) and should read it again.
   */
  onAlreadyActive?: () => void;
}

/**
 * The subscribe flow of spec §4/§6/§9: confirm the lifetime plan, create a payment session,
 * then leave for the provider's checkout. A creation error is a toast (spec §8).
 */
export function SubscribeButton({ className = 'mem-btn', onAlreadyActive }: Props) {
  const token = useToken();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onSubscribe = async () => {
    if (!token) {
      // spec §6: subscribing without a token shows an alert and goes to /login
      window.alert(MESSAGES.signInToSubscribe);
      navigate('/login');
      return;
    }
    if (!window.confirm(MESSAGES.subscribeConfirm)) return;
    setBusy(true);
    try {
      const { url } = await createPaymentSession();
      leaveSiteFor(url);
      // stay busy: the browser is leaving for the checkout page
    } catch (error) {
      toast.error(errorText(error, MESSAGES.somethingWentWrong));
      setBusy(false);
      if (error instanceof ApiError && error.code === 'already-active') onAlreadyActive?.();
    }
  };

  return (
    <button type="button" className={className} onClick={onSubscribe} disabled={busy}>
      {busy ? 'Opening checkout…' : `Subscribe — $${PLAN.amount} lifetime`}
    </button>
  );
}
