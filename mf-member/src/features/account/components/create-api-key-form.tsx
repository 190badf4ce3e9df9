import { useState, type FormEvent } from 'react';
import { MAX_NAME, MESSAGES, errorText } from '@rotalink/shared-api';
import { API_KEY_SCOPES, createApiKey, type ApiKeyScope } from '@rotalink/shared-api/live';
import { TextField } from '../../../components/field';
import { SCOPE_LABELS } from './scope-labels';

const EXPIRIES = [
  { label: 'Never', days: 0 },
  { label: 'In 30 days', days: 30 },
  { label: 'In 90 days', days: 90 },
  { label: 'In a year', days: 365 },
] as const;

/** Create a key: a name to recognise it by, what it may do, and when it stops working. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['links:read']);
  const [days, setDays] = useState(0);
  const [error, setError] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((prev) => (on ? [...prev, scope] : prev.filter((s) => s !== scope)));
    setError((prev) => ({ ...prev, scopes: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      name: name.trim() ? undefined : 'Give the key a name, e.g. the tool that will use it.',
      scopes: scopes.length ? undefined : 'Choose at least one thing the key may do.',
    };
    setError(problems);
    if (problems.name || problems.scopes) return;
    setBusy(true);
    try {
      const expires_at = days ? new Date(Date.now() + days * 86_400_000).toISOString() : null;
      const answer = await createApiKey({ name: name.trim(), scopes, expires_at });
      onCreated(answer.key.name, answer.secret);
      setName('');
    } catch (err) {
      setError({ form: errorText(err, MESSAGES.somethingWentWrong) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mem-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Create an API key">
      <h3>Create a key</h3>
      {error.form && <div className="mem-alert">{error.form}</div>}
      <TextField label="Key name" maxLength={MAX_NAME} value={name} error={error.name} onChange={(e) => setName(e.target.value)} />
      <fieldset className="mem-field">
        <legend className="mem-field__label">What it may do</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="mem-check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />{' '}
            {SCOPE_LABELS[scope]} <code>{scope}</code>
          </label>
        ))}
        {error.scopes && (
          <span className="mem-field__error" role="alert">
            {error.scopes}
          </span>
        )}
      </fieldset>
      <label className="mem-field">
        <span className="mem-field__label">Expires</span>
        <select className="mem-input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {EXPIRIES.map((x) => (
            <option key={x.days} value={x.days}>
              {x.label}
            </option>
          ))}
        </select>
      </label>
      <div className="mem-actions">
        <button type="submit" className="mem-btn" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
