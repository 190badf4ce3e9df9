import { useEffect, useState, type FormEvent } from 'react';
import { errorText, MESSAGES, type TwoFactorSetup, type TwoFactorState } from '@rotalink/shared-api';
import { enableTwoFactor, getTwoFactor, startTwoFactor } from '@rotalink/shared-api/live';
import { usePageTitle } from '../../../components/use-page-title';
import '../../../components/admin-ui.css';
import { TurnOffForm } from './turn-off-form';

/**
 * /admin_security (issue 33): the admin's two-factor sign-in. "Set up" shows a QR code (and the
 * secret, for apps that cannot scan); a code from the app turns it on and shows the ten recovery
 * codes once. With ADMIN_2FA_REQUIRED the rest of the console waits for this.
 */
export function SecurityPage() {
  usePageTitle('Security');
  const [state, setState] = useState<TwoFactorState | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const load = () =>
    getTwoFactor()
      .then(setState)
      .catch((err) => setError(errorText(err, MESSAGES.adminSomethingWrong)));
  useEffect(() => void load(), []);

  async function run(act: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await act();
    } catch (err) {
      setError(errorText(err, MESSAGES.adminSomethingWrong));
    }
    setBusy(false);
  }
  const begin = () => run(async () => setSetup(await startTwoFactor()));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await enableTwoFactor(code.replace(/\s/g, ''));
      setCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      await load();
    });
  };

  return (
    <section className="adm-page">
      <h1>Security</h1>
      <div className="adm-card">
        <h2>Two-factor sign-in</h2>
        {state && (
          <p>
            {state.enabled
              ? `On. ${state.recoveryCodesLeft} recovery codes left.`
              : state.required
                ? 'Required on this site: set it up to use the admin console.'
                : 'Off: signing in needs only the password.'}
          </p>
        )}
        {codes && (
          <div role="region" aria-label="Recovery codes">
            <p>
              <strong>Save these recovery codes now: they are shown only once.</strong> Each signs you in once without your phone.
            </p>
            <ul>
              {codes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
            <button type="button" className="adm-btn" onClick={() => setCodes(null)}>
              I have saved them
            </button>
          </div>
        )}
        {!setup && !codes && state && (
          <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={() => void begin()}>
            {state.enabled ? 'Set up again (new app or phone)' : 'Set up two-factor sign-in'}
          </button>
        )}
        {setup && (
          <form onSubmit={confirm} noValidate>
            <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
            <img src={setup.qr} alt="QR code for your authenticator app" width={200} height={200} />
            <p className="adm-muted">
              Cannot scan? Enter this key: <code>{setup.secret}</code>
            </p>
            <div className="adm-field">
              <label htmlFor="adm-setup-code">Code from the app</label>
              <input
                id="adm-setup-code"
                className="adm-input"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <button type="submit" className="adm-btn adm-btn--primary" disabled={busy || !code.trim()}>
              Turn on
            </button>
          </form>
        )}
        {!setup && !codes && state?.enabled && !state.required && (
          <TurnOffForm
            onDone={(message) => {
              setNotice(message);
              void load();
            }}
          />
        )}
        {notice && <p role="status">{notice}</p>}
        {error && (
          <p className="adm-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
