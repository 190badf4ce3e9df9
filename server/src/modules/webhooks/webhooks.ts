import type { FastifyInstance } from 'fastify';
import { inRootContext } from '../../http/root-context';
import { systemResolve, type ResolveHost } from '../link-health';
import { deliveryTask } from './delivery-task';
import { renderWebhookDisabled, WEBHOOK_DISABLED_KIND, type WebhookDisabledPayload } from './disable-endpoint';
import { WEBHOOK_KIND, type WebhookPayload } from './queue-event';
import { WebhookSecrets } from './webhook-secret';
import { webhooksRoutes } from './webhooks.routes';
import { webhooksUpkeep } from './webhooks-upkeep';

/**
 * Issue 31, outgoing webhooks as the app registers them: the routes, the outbox's delivery task
 * and mail kind, the hourly upkeep. The ledger subscriber (webhook-events.ts) is registered with
 * the others in app.ts. `resolve`: how host names are resolved (tests inject one).
 */
export async function webhooks(app: FastifyInstance, opts: { resolve?: ResolveHost }): Promise<void> {
  const resolve = opts.resolve ?? systemResolve;
  const secrets = new WebhookSecrets(app.config.jwtSecret);
  const { allow, extraCa } = app.config.linkCheck;
  app.outbox.task<WebhookPayload>(
    WEBHOOK_KIND,
    deliveryTask({
      db: app.db,
      outbox: app.outbox,
      secrets,
      post: { timeoutMs: app.config.webhooks.timeoutMs, allow, extraCa, resolve },
      disableAfterMs: app.config.webhooks.disableAfterMs,
    }),
  );
  app.outbox.kind<WebhookDisabledPayload>(WEBHOOK_DISABLED_KIND, renderWebhookDisabled(app.config.publicSiteUrl));
  webhooksUpkeep(app);
  await app.register(inRootContext(webhooksRoutes), { secrets, resolve });
}
