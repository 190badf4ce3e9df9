import { useState, type FormEvent } from 'react';
import { MAX_URL, MESSAGES, errorText } from '@rotalink/shared-api';
import { WEBHOOK_EVENTS, createWebhook, type WebhookEvent } from '@rotalink/shared-api/live';
import { TextField } from '../../../components/field';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels';

/** Add an endpoint: its https URL and the events it hears. The server checks the address (issue 31). */
export function CreateWebhookForm({ onCreated }: { onCreated: (url: string, secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['link.filled', 'queue.empty']);
  const [error, setError] = useState<{ url?: string; events?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((prev) => (on ? [...prev, event] : prev.filter((e) => e !== event)));
    setError((prev) => ({ ...prev, events: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      url: /^https:\/\/\S+$/.test(url.trim()) ? undefined : 'Enter the full address of your receiver, starting with https://.',
      events: events.length ? undefined : 'Choose at least one event.',
    };
    setError(problems);
    if (problems.url || problems.events) return;
    setBusy(true);
    try {
      const answer = await createWebhook({ url: url.trim(), events });
      onCreated(answer.endpoint.url, answer.secret);
      setUrl('');
    } catch (err) {
      // The server's refusal names the reason (a private address, the limit): shown as it is.
      setError({ form: errorText(err, MESSAGES.somethingWentWrong) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mem-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a webhook endpoint">
      <h3>Add an endpoint</h3>
      {error.form && (
        <div className="mem-alert" role="alert">
          {error.form}
        </div>
      )}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/rotalink-events"
        maxLength={MAX_URL}
        value={url}
        error={error.url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset className="mem-field">
        <legend className="mem-field__label">Events to send</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="mem-check">
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />{' '}
            {WEBHOOK_EVENT_LABELS[event]} <code>{event}</code>
          </label>
        ))}
        {error.events && (
          <span className="mem-field__error" role="alert">
            {error.events}
          </span>
        )}
      </fieldset>
      <div className="mem-actions">
        <button type="submit" className="mem-btn" disabled={busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}
