import { MESSAGES, errorText } from '@rotalink/shared-api';
import { listWebhookDeliveries } from '@rotalink/shared-api/live';
import type { WebhookDelivery } from '@rotalink/shared-api';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { useAsyncData } from '../../../components/use-async-data';

const STATUS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not sent',
};

function statusOf(d: WebhookDelivery): string {
  return d.status === 'pending' && d.attempts === 0 ? 'Queued' : STATUS[d.status];
}

/** The newest deliveries to one endpoint (issue 31): what was sent, when, after how many tries, and the answer. */
export function WebhookDeliveryLog({ endpointId, url }: { endpointId: string; url: string }) {
  const log = useAsyncData(() => listWebhookDeliveries(endpointId), [endpointId]);
  return (
    <div aria-label={`Delivery log of ${url}`} role="region">
      <div className="mem-actions">
        <h4>Delivery log</h4>
        <button
          type="button"
          className="mem-btn mem-btn--secondary"
          disabled={log.refreshing}
          onClick={() => void log.refresh().catch(() => undefined)}
        >
          {log.refreshing ? 'Refreshing…' : 'Refresh log'}
        </button>
      </div>
      {log.state.status === 'loading' && <Loading label="Loading the delivery log…" />}
      {log.state.status === 'error' && <ErrorPanel message={errorText(log.state.error, MESSAGES.somethingWentWrong)} onRetry={log.retry} />}
      {log.state.status === 'ready' &&
        (log.state.data.deliveries.length === 0 ? (
          <p>Nothing sent yet. Use “Send test event” to try the endpoint.</p>
        ) : (
          <table className="mem-table" aria-label={`Deliveries to ${url}`}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
                <th scope="col">Tries</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {log.state.data.deliveries.map((d) => (
                <tr key={d.id}>
                  <td data-label="Event">
                    <code>{d.event_type}</code>
                  </td>
                  <td data-label="Time">{new Date(d.last_attempt_at ?? d.created_at).toLocaleString()}</td>
                  <td data-label="Status">{statusOf(d)}</td>
                  <td data-label="Tries">{d.attempts}</td>
                  <td data-label="Answer">{d.error ?? (d.response_code !== null ? `HTTP ${d.response_code}` : '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </div>
  );
}
