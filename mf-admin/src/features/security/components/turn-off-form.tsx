import { useState, type FormEvent } from 'react';
import { errorText, MESSAGES } from '@rotalink/shared-api';
import { disableTwoFactor } from '@rotalink/shared-api/live';
import { SecondFactorInput } from '../../../components/second-factor-input';

/**
 * Turning two-factor sign-in off (issue 33): for a lost or changed phone. It asks for the second
 * factor once more (a current code, or a recovery code when the phone is gone), so a session left
 * open somewhere cannot weaken the account alone. Not offered where the site requires it.
 */
export function TurnOffForm({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" className="adm-btn" onClick={() => setOpen(true)}>
        Turn off two-factor sign-in
      </button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await disableTwoFactor(code.replace(/\s/g, ''));
      onDone(answer.message);
    } catch (err) {
      setError(errorText(err, MESSAGES.adminSomethingWrong));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <div className="adm-field">
        <label htmlFor="adm-off-code">Code from the app, or a recovery code</label>
        <SecondFactorInput id="adm-off-code" value={code} onChange={setCode} />
      </div>
      {error && (
        <p className="adm-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="adm-btn adm-btn--primary" disabled={busy || !code.trim()}>
        Turn off
      </button>{' '}
      <button type="button" className="adm-btn" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
