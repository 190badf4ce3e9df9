import { useEffect, useId, useState, type FormEvent } from 'react';
import { CopyLink } from '../../../components/copy-link';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { useConversionSettings } from '../hooks/use-conversion-settings';

export const LOAD_CONVERSIONS_FAILED = 'Failed to load the conversion settings.';

/**
 * Issue 30: conversion tracking for one profile — the postback URL to give a network (with the
 * profile's key), the pixel for a thank-you page, how to sign a postback instead, the link-URL
 * macros, and the settings (currency, attribution window, first-conversion mail). The key is
 * rotated here; the old one stops working at once.
 */
export function ConversionSettingsSection({ userId }: { userId: string }) {
  const { settings, current, save, rotate, busy } = useConversionSettings(userId);
  const [currency, setCurrency] = useState('USD');
  const [days, setDays] = useState('30');
  const [notify, setNotify] = useState(false);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const currencyId = useId();
  const daysId = useId();

  useEffect(() => {
    if (!current) return;
    setCurrency(current.currency);
    setDays(String(current.attribution_days));
    setNotify(current.notify_first_conversion);
  }, [current]);

  const heading = (
    <h2 id="mem-conversions-heading" style={{ marginBottom: 4 }}>
      Conversion tracking
    </h2>
  );
  if (settings.state.status === 'loading') {
    return (
      <section className="mem-card" aria-labelledby="mem-conversions-heading">
        {heading}
        <Loading label="Loading conversion settings…" />
      </section>
    );
  }
  if (settings.state.status === 'error' || !current) {
    return (
      <section className="mem-card" aria-labelledby="mem-conversions-heading">
        {heading}
        <ErrorPanel message={LOAD_CONVERSIONS_FAILED} onRetry={settings.retry} />
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(days);
    if (!/^\d+$/.test(days.trim()) || n < 1 || n > 90) {
      setDaysError('Enter a whole number of days from 1 to 90.');
      return;
    }
    setDaysError(null);
    await save({ currency, attribution_days: n, notify_first_conversion: notify });
  };

  return (
    <section className="mem-card" aria-labelledby="mem-conversions-heading" style={{ display: 'grid', gap: 12 }}>
      <div>
        {heading}
        <p className="mem-muted" style={{ margin: 0 }}>
          Every counted click gets a click id. Put <code>{'{click_id}'}</code> in a link&apos;s URL (or name the parameter your network
          uses, such as <code>subid</code>, in the link&apos;s form) and the network can tell us when that click buys: conversions, revenue
          and earnings per click then show on your Stats page.
        </p>
      </div>

      <div>
        <h3 style={{ margin: '0 0 4px' }}>Postback URL</h3>
        <p className="mem-muted" style={{ margin: '0 0 6px' }}>
          Give this to your affiliate network, with its own placeholders for the click id, transaction id, payout and currency. It holds
          your key: keep it private.
        </p>
        <CopyLink url={current.postback_url} label="postback URL" />
      </div>
      <div>
        <h3 style={{ margin: '0 0 4px' }}>Conversion pixel</h3>
        <p className="mem-muted" style={{ margin: '0 0 6px' }}>
          For a thank-you page you control: an image tag with this address records one conversion per click (add <code>&amp;amount=</code>,{' '}
          <code>&amp;currency=</code> or <code>&amp;txid=</code> when you know them).
        </p>
        <CopyLink url={current.pixel_url} label="pixel URL" />
      </div>

      <details>
        <summary>How a postback is read</summary>
        <ul className="mem-muted" style={{ margin: '6px 0 0', paddingLeft: 18 }}>
          <li>
            <code>GET</code> or <code>POST</code> (JSON or form) <code>/api/conversions/postback</code> with <code>profile_id</code>,{' '}
            <code>click_id</code>, <code>txid</code> (the network&apos;s transaction id: each counts once), <code>amount</code> (optional,
            e.g. 12.50), <code>currency</code> (ISO 4217; default {current.currency}) and <code>status</code> (<code>approved</code> or{' '}
            <code>refunded</code>: a refund takes its sale back out).
          </li>
          <li>
            Authenticate with <code>key=</code>, or instead send the header <code>X-Rotalink-Signature: sha256=</code> followed by the hex
            HMAC-SHA256, under your key, of the raw body (POST) or of the raw query string after <code>?</code> (GET).
          </li>
          <li>
            Answers: 201 <code>recorded</code>, 202 <code>unattributed</code> (unknown click, or older than the window), 200{' '}
            <code>duplicate</code> or <code>refunded</code>, 400 with a message for a bad amount or currency, 403 for a wrong key.
          </li>
          <li>
            Link URL macros, replaced when the visitor is sent on: <code>{'{click_id}'}</code>, <code>{'{link_id}'}</code>,{' '}
            <code>{'{profile_id}'}</code>, <code>{'{source}'}</code> (page or rotator).
          </li>
        </ul>
      </details>

      <div className="mem-actions" style={{ alignItems: 'center' }}>
        <span className="mem-muted">Key made {new Date(current.key_created_at).toLocaleString()}</span>
        {confirming ? (
          <>
            <span>The current postback URL stops working at once.</span>
            <button
              type="button"
              className="mem-btn mem-btn--danger"
              disabled={busy}
              onClick={() => void rotate().then(() => setConfirming(false))}
            >
              Make a new key
            </button>
            <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(true)}>
            New postback key…
          </button>
        )}
      </div>

      <form className="mem-form" onSubmit={onSubmit} noValidate aria-label="Conversion settings">
        <div className="mem-field">
          <label htmlFor={currencyId} className="mem-field__label">
            Currency
          </label>
          <select id={currencyId} className="mem-input" value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {current.currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <span className="mem-field__hint">Revenue is shown in this currency; a postback without a currency is taken in it.</span>
        </div>
        <div className="mem-field">
          <label htmlFor={daysId} className="mem-field__label">
            Attribution window (days)
          </label>
          <input
            id={daysId}
            className="mem-input"
            inputMode="numeric"
            value={days}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={`${daysId}-hint`}
            onChange={(e) => setDays(e.target.value)}
          />
          <span id={`${daysId}-hint`} className={daysError ? 'mem-field__error' : 'mem-field__hint'}>
            {daysError ?? 'A conversion whose click is older than this is kept as unattributed and counted to no link (1-90).'}
          </span>
        </div>
        <label className="mem-check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          Mail me when a link gets its first conversion
        </label>
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={busy}>
            Save conversion settings
          </button>
        </div>
      </form>
    </section>
  );
}
