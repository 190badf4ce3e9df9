import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { MESSAGES, PLAN, createPaymentSession, tokenStore } from '@rotalink/shared-api';
import { errorText } from './api-error';
import { leaveSiteFor } from './leave-site';

/**
 * The subscribe flow of spec §4/§6/§9: confirm the lifetime plan, create a payment session,
 * then leave for the provider's checkout. A creation error is a toast (spec §8).
 */
export function SubscribeButton({ className = 'mem-btn' }: { className?: string }) {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.getToken);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onSubscribe = async () => {
    if (!token) {
      // spec §6: subscribing without a token shows an alert and goes to /login
      window.alert('Please log in to subscribe.');
      navigate('/login');
      return;
    }
    if (!window.confirm(`You are subscribing to (lifetime) for $${PLAN.amount}`)) return;
    setBusy(true);
    try {
      const { url } = await createPaymentSession();
      leaveSiteFor(url);
      // stay busy: the browser is leaving for the checkout page
    } catch (error) {
      toast.error(errorText(error, MESSAGES.somethingWentWrong));
      setBusy(false);
    }
  };

  return (
    <button type="button" className={className} onClick={onSubscribe} disabled={busy}>
      {busy ? 'Opening checkout…' : `Subscribe — $${PLAN.amount} lifetime`}
    </button>
  );
}
