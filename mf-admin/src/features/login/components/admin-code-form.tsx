import { useId, useState, type FormEvent } from 'react';
import { SecondFactorInput } from '../../../components/second-factor-input';

/**
 * Issue 33: the admin sign-in's second step: the 6-digit code from the authenticator app, or one
 * of the recovery codes (each works once).
 */
export function AdminCodeForm(props: {
  submitting: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onStartOver: () => void;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.submitting) return;
    const typed = code.replace(/\s/g, '');
    if (!typed) {
      setMissing('Enter the code from your authenticator app.');
      return;
    }
    setMissing(null);
    props.onSubmit(typed);
  }

  const message = missing ?? props.error;
  return (
    <form onSubmit={submit} noValidate className="adm-login__form" aria-describedby={message ? errorId : undefined}>
      <p className="adm-muted">Two-factor sign-in is on for this account.</p>
      <div className="adm-field">
        <label htmlFor="adm-code">Code from your authenticator app</label>
        <SecondFactorInput id="adm-code" value={code} onChange={setCode} />
        <p className="adm-muted">No phone at hand? Enter one of your recovery codes instead.</p>
      </div>
      {message && (
        <p id={errorId} className="adm-field-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="adm-btn adm-btn--primary" disabled={props.submitting}>
        {props.submitting ? 'Checking…' : 'Verify'}
      </button>{' '}
      <button type="button" className="adm-btn" onClick={props.onStartOver}>
        Start over
      </button>
    </form>
  );
}
