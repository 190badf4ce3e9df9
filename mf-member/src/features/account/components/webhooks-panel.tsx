import { useState } from 'react';
import { MESSAGES, errorText } from '@rotalink/shared-api';
import { listWebhooks } from '@rotalink/shared-api/live';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { useAsyncData } from '../../../components/use-async-data';
import { CreateWebhookForm } from './create-webhook-form';
import { NewKeyNotice } from './new-key-notice';
import { WebhookEndpointItem } from './webhook-endpoint-item';

/**
 * Webhooks on the account page (issue 31): the account's endpoints, each with its delivery log and
 * a test event; an endpoint's signing secret is shown once, when it is made (or replaced).
 */
export function WebhooksPanel() {
  const list = useAsyncData(() => listWebhooks(), []);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const reload = () => void list.refresh().catch(() => undefined);
  const onSecret = (url: string, value: string) => setSecret({ url, secret: value });

  return (
    <section className="mem-card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="mem-subtitle">
        Rotalink calls your https address when something happens on your profiles. Each call is signed (Standard Webhooks): check it with
        the endpoint’s signing secret.
      </p>
      {secret && (
        <NewKeyNotice
          name={secret.url}
          secret={secret.secret}
          onDone={() => setSecret(null)}
          texts={{ heading: `The signing secret of ${secret.url}.`, field: 'Signing secret', copy: 'Copy secret' }}
        />
      )}
      {list.state.status === 'loading' && <Loading label="Loading your webhooks…" />}
      {list.state.status === 'error' && (
        <ErrorPanel message={errorText(list.state.error, MESSAGES.somethingWentWrong)} onRetry={list.retry} />
      )}
      {list.state.status === 'ready' && (
        <>
          {list.state.data.endpoints.length === 0 ? (
            <p>No webhook endpoints yet.</p>
          ) : (
            <ul className="mem-webhooks" aria-label="Your webhook endpoints">
              {list.state.data.endpoints.map((endpoint) => (
                <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onChanged={reload} onSecret={onSecret} />
              ))}
            </ul>
          )}
          {list.state.data.endpoints.length < list.state.data.max_endpoints ? (
            <CreateWebhookForm
              onCreated={(url, value) => {
                onSecret(url, value);
                reload();
              }}
            />
          ) : (
            <p>You have {list.state.data.max_endpoints} endpoints, the most an account can have: delete one to add another.</p>
          )}
        </>
      )}
    </section>
  );
}
