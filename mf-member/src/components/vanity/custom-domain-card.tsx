import { useState, type FormEvent } from 'react';
import { addDomain, errorText, getDomain, removeDomain, verifyDomain, type CustomDomain } from '@rotalink/shared-api';
import { CopyLink } from '../copy-link';
import { TextField } from '../field';
import { ErrorPanel, Loading } from '../page-state';
import { useAsyncData } from '../use-async-data';

type Outcome = { ok: boolean; text: string } | undefined;

/**
 * Issue 32: the member's custom domain. They add a host name, create the TXT record shown, then
 * press Verify now (a job also checks every domain). Verified, the host serves their public page
 * at / and the rotator at /go over HTTPS; a record that disappears unverifies it at the next check.
 */
export function CustomDomainCard() {
  const loaded = useAsyncData(() => getDomain(), []);
  const [domain, setDomain] = useState<CustomDomain | null | undefined>(undefined);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const current = domain !== undefined ? domain : loaded.state.status === 'ready' ? loaded.state.data.domain : undefined;

  const act = async (run: () => Promise<{ message: string; domain: CustomDomain | null }>, fallback: string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await run();
      setDomain(answer.domain);
      setOutcome({ ok: true, text: answer.message });
    } catch (e) {
      setOutcome({ ok: false, text: errorText(e, fallback) });
    } finally {
      setBusy(false);
    }
  };
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!input.trim()) return setOutcome({ ok: false, text: 'Enter a host name such as go.example.com.' });
    void act(() => addDomain(input.trim()), 'The domain could not be added. Please try again.');
  };
  const onRemove = () => {
    if (!current || !window.confirm(`Remove ${current.hostname}? It stops showing your page.`)) return;
    void act(() => removeDomain(), 'The domain could not be removed. Please try again.');
  };

  return (
    <section className="mem-card mem-form" aria-labelledby="mem-domain-heading">
      <h2 id="mem-domain-heading">Custom domain</h2>
      {loaded.state.status === 'loading' && domain === undefined && <Loading label="Loading your domain…" />}
      {loaded.state.status === 'error' && domain === undefined && (
        <ErrorPanel message="Failed to load your custom domain." onRetry={loaded.retry} />
      )}
      {outcome && (
        <div className={outcome.ok ? 'mem-notice' : 'mem-alert'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </div>
      )}
      {current === null && (
        <form onSubmit={onAdd} noValidate className="mem-form" aria-label="Add a custom domain">
          <TextField
            label="Host name"
            hint="A name under a domain you own, e.g. go.example.com. It will show your public page, and /go your rotator."
            autoCapitalize="none"
            spellCheck={false}
            maxLength={300}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <div className="mem-actions">
            <button type="submit" className="mem-btn" disabled={busy}>
              {busy ? 'Adding…' : 'Add domain'}
            </button>
          </div>
        </form>
      )}
      {current && (
        <>
          <p style={{ margin: 0 }}>
            <strong className="mem-text">{current.hostname}</strong> —{' '}
            {current.status === 'verified' ? 'verified' : 'waiting for its DNS record'}
          </p>
          {current.status === 'verified' ? (
            <>
              <CopyLink url={current.page_url} label="custom domain page" />
              <CopyLink url={current.rotator_url} label="custom domain rotator" />
            </>
          ) : (
            <div className="mem-muted" style={{ display: 'grid', gap: 4 }}>
              <span>At your DNS provider, create a TXT record:</span>
              <span>
                Name: <code className="mem-text">{current.txt_name}</code>
              </span>
              <span>
                Value: <code className="mem-text">{current.txt_value}</code>
              </span>
              <span>and point {current.hostname} at this site (CNAME). Then press Verify now.</span>
            </div>
          )}
          <div className="mem-actions">
            <button
              type="button"
              className="mem-btn mem-btn--secondary"
              disabled={busy}
              onClick={() => void act(() => verifyDomain(), 'The domain could not be checked. Please try again.')}
            >
              Verify now
            </button>
            <button type="button" className="mem-btn mem-btn--danger" disabled={busy} onClick={onRemove}>
              Remove domain
            </button>
          </div>
        </>
      )}
    </section>
  );
}
