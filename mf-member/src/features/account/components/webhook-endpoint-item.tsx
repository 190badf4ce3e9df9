import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText, type WebhookEndpoint } from '@rotalink/shared-api';
import { deleteWebhook, enableWebhook, rotateWebhookSecret, sendTestWebhook } from '@rotalink/shared-api/live';
import { WebhookDeliveryLog } from './webhook-delivery-log';

export interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  /** The list changed on the server (deleted, switched on). */
  onChanged: () => void;
  onSecret: (url: string, secret: string) => void;
}

/**
 * One endpoint (issue 31): its address, events and state, and what the member can do with it —
 * send a test event, read the delivery log, make a new secret, switch it back on, delete it.
 */
export function WebhookEndpointItem({ endpoint, onChanged, onSecret }: EndpointItemProps) {
  const [showLog, setShowLog] = useState(false);
  const [logKey, setLogKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<{ message: string }>, after?: () => void) => {
    setBusy(true);
    try {
      toast.success((await work()).message);
      after?.();
    } catch (err) {
      toast.error(errorText(err, MESSAGES.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="mem-webhook">
      <p>
        <strong>{endpoint.url}</strong>
      </p>
      <p>
        {endpoint.events.map((e) => (
          <code key={e}>{e} </code>
        ))}
      </p>
      {endpoint.disabled_at ? (
        <p className="mem-alert" role="status">
          Switched off {new Date(endpoint.disabled_at).toLocaleString()}: {endpoint.disabled_reason}
        </p>
      ) : endpoint.failing_since ? (
        <p role="status">Failing since {new Date(endpoint.failing_since).toLocaleString()}: deliveries are being retried.</p>
      ) : (
        <p role="status">Active</p>
      )}
      <div className="mem-actions">
        {endpoint.disabled_at ? (
          <button type="button" className="mem-btn" disabled={busy} onClick={() => void act(() => enableWebhook(endpoint.id), onChanged)}>
            Switch back on
          </button>
        ) : (
          <button
            type="button"
            className="mem-btn"
            disabled={busy}
            onClick={() =>
              void act(
                () => sendTestWebhook(endpoint.id),
                () => {
                  setShowLog(true);
                  setLogKey((k) => k + 1);
                },
              )
            }
          >
            Send test event
          </button>
        )}
        <button type="button" className="mem-btn mem-btn--secondary" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </button>
        <button
          type="button"
          className="mem-btn mem-btn--secondary"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              const answer = await rotateWebhookSecret(endpoint.id);
              onSecret(endpoint.url, answer.secret);
              return answer;
            })
          }
        >
          New secret
        </button>
        {!confirming ? (
          <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(true)}>
            Delete
          </button>
        ) : (
          <span role="group" aria-label={`Delete ${endpoint.url}?`}>
            Its delivery log goes too.{' '}
            <button
              type="button"
              className="mem-btn mem-btn--danger"
              disabled={busy}
              onClick={() => void act(() => deleteWebhook(endpoint.id), onChanged)}
            >
              Yes, delete
            </button>{' '}
            <button type="button" className="mem-btn mem-btn--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {showLog && <WebhookDeliveryLog key={logKey} endpointId={endpoint.id} url={endpoint.url} />}
    </li>
  );
}
