import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { MAX_PASSWORD, MESSAGES, errorText, tokenStore } from '@rotalink/shared-api';
import { deleteAccount } from '@rotalink/shared-api/live';
import { TextField } from '../../../components/field';

/**
 * Issue 33: deleting the account. What goes and what stays is said first; the password, then a
 * second, explicit confirmation; the server's refusal (a wrong password, too many tries) is shown
 * as it says it. Once deleted, this browser signs out and lands on the home page with the message.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'confirm'>('password');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);

  // The token goes when this page has left the screen: cleared while the guarded page still shows
  // (the navigation to '/' is a transition, the token store is not), the guard would send the
  // tab to the sign-in page instead of the home page.
  useEffect(
    () => () => {
      if (deleted.current) tokenStore.clear();
    },
    [],
  );

  const next = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!password);
    if (!password) return;
    setError(null);
    setStep('confirm');
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await deleteAccount(password);
      toast.success(answer.message);
      deleted.current = true;
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorText(err, MESSAGES.somethingWentWrong));
      setStep('password');
      setBusy(false);
    }
  };

  return (
    <form className="mem-form mem-danger-zone" onSubmit={next} noValidate aria-label="Delete account">
      <h3>Delete account</h3>
      <p>
        Deleting your account removes your profile, sub-profiles, links, settings, click events, conversions, API keys and webhooks, and
        signs you out on every device. It cannot be undone: download your data first if you want to keep it.
      </p>
      <p>
        We keep only the payment records that bookkeeping requires (amount, currency, dates and the payment provider’s reference), without
        your name or email address. You can sign up again later with the same email address.
      </p>
      {error && (
        <div className="mem-alert" role="alert">
          {error}
        </div>
      )}
      {step === 'password' ? (
        <>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            maxLength={MAX_PASSWORD}
            value={password}
            error={missing ? 'Enter your password.' : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setMissing(false);
            }}
          />
          <div className="mem-actions">
            <button type="submit" className="mem-btn mem-btn--danger">
              Delete account…
            </button>
          </div>
        </>
      ) : (
        <div className="mem-alert" role="alertdialog" aria-label="Confirm deletion">
          <p>
            <strong>Delete your account and all its data now?</strong>
          </p>
          <div className="mem-actions">
            <button type="button" className="mem-btn mem-btn--danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting…' : 'Yes, delete my account'}
            </button>
            <button type="button" className="mem-btn mem-btn--secondary" disabled={busy} onClick={() => setStep('password')}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
