import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText } from '@rotalink/shared-api';
import { listApiKeys, revokeApiKey } from '@rotalink/shared-api/live';
import type { ApiKey } from '@rotalink/shared-api';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { useAsyncData } from '../../../components/use-async-data';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewKeyNotice } from './new-key-notice';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function status(key: ApiKey): string {
  if (key.revoked_at) return `Revoked ${day(key.revoked_at)}`;
  if (key.expires_at && Date.parse(key.expires_at) <= Date.now()) return 'Expired';
  return 'Active';
}

/**
 * API keys on the account page (issue 31): the member's keys for scripts. A new key's text is
 * shown once, right after it is made; the list shows only its public start. Revoking asks first.
 */
export function ApiKeysPanel() {
  const keys = useAsyncData(() => listApiKeys(), []);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async (key: ApiKey) => {
    setBusy(true);
    try {
      const answer = await revokeApiKey(key.id);
      toast.success(answer.message);
      setConfirming(null);
      keys.retry();
    } catch (err) {
      toast.error(errorText(err, MESSAGES.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mem-card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p className="mem-subtitle">Keys let your own scripts and tools use the Rotalink API for your profiles.</p>
      {created && <NewKeyNotice name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
      {keys.state.status === 'loading' && <Loading label="Loading your API keys…" />}
      {keys.state.status === 'error' && (
        <ErrorPanel message={errorText(keys.state.error, MESSAGES.somethingWentWrong)} onRetry={keys.retry} />
      )}
      {keys.state.status === 'ready' && (
        <>
          {keys.state.data.keys.length === 0 ? (
            <p>No API keys yet.</p>
          ) : (
            <table className="mem-table" aria-label="Your API keys">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col" aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {keys.state.data.keys.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}</code>
                    </td>
                    <td>{key.scopes.join(', ')}</td>
                    <td>{key.expires_at ? day(key.expires_at) : 'Never'}</td>
                    <td>{key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'Never'}</td>
                    <td>{status(key)}</td>
                    <td>
                      {!key.revoked_at && confirming !== key.id && (
                        <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(key.id)}>
                          Revoke {key.name}
                        </button>
                      )}
                      {confirming === key.id && (
                        <span role="group" aria-label={`Revoke ${key.name}?`}>
                          Scripts using it stop working at once.{' '}
                          <button type="button" className="mem-btn mem-btn--danger" disabled={busy} onClick={() => void revoke(key)}>
                            Yes, revoke
                          </button>{' '}
                          <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(null)}>
                            Cancel
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <CreateApiKeyForm
            onCreated={(name, secret) => {
              setCreated({ name, secret });
              keys.retry();
            }}
          />
        </>
      )}
    </section>
  );
}
