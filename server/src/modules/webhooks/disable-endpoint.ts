import type { Db } from '../../db/database';
import { escapeHtml } from '../mail';
import type { Outbox, RenderContext, RenderedMail } from '../outbox';
import { disableEndpoint } from './webhooks.repository';
import type { WebhookEndpointRow } from './webhooks.table';

export const WEBHOOK_DISABLED_KIND = 'webhook-disabled';

export interface WebhookDisabledPayload {
  endpointId: string;
  url: string;
  failingSince: string;
  lastError: string;
}

export const disabledReason = (since: string, lastError: string) => `Every delivery failed since ${since} (last: ${lastError})`;

/**
 * Switches an endpoint off after its run of failures grew too long, and queues its member's mail
 * in the same transaction: exactly one mail per switch-off, whichever node's failing try or sweep
 * got there first (the conditional UPDATE lets one through).
 */
export async function disableEndpointFor(
  d: { db: Db; outbox: Outbox },
  endpoint: Pick<WebhookEndpointRow, 'id' | 'url' | 'user_id'>,
  o: { at: string; since: string; lastError: string },
): Promise<boolean> {
  const since = o.since;
  const done = await d.db.transaction().execute(async (trx) => {
    if (!(await disableEndpoint(trx, { id: endpoint.id, at: o.at, reason: disabledReason(since, o.lastError) }))) return false;
    const payload: WebhookDisabledPayload = { endpointId: endpoint.id, url: endpoint.url, failingSince: since, lastError: o.lastError };
    await d.outbox.enqueue(
      { kind: WEBHOOK_DISABLED_KIND, payload, userId: endpoint.user_id, dedupeKey: `webhook-disabled:${endpoint.id}:${o.at}` },
      trx,
    );
    return true;
  });
  if (done) d.outbox.wake();
  return done;
}

/** The member's mail: which receiver, since when, the last error, and where to switch it back on. */
export function renderWebhookDisabled(publicSiteUrl: string) {
  return async (p: WebhookDisabledPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
    const owner = await ctx.db
      .selectFrom('webhook_endpoints')
      .innerJoin('users', 'users.id', 'webhook_endpoints.user_id')
      .select(['users.email', 'users.first_name'])
      .where('webhook_endpoints.id', '=', p.endpointId)
      .executeTakeFirst();
    // The endpoint (or the account) was deleted meanwhile: nothing to tell.
    if (!owner?.email) return undefined;
    const accountUrl = `${publicSiteUrl}/account`;
    const greeting = owner.first_name ? `Hello ${owner.first_name},` : 'Hello,';
    const lines = [
      `Every delivery to your webhook endpoint ${p.url} has failed since ${p.failingSince}, so Rotalink has switched it off.`,
      `The last try: ${p.lastError}.`,
      'Fix the receiver, then switch the endpoint back on in your account settings; events from now on will be sent again.',
    ];
    return {
      what: 'webhook disabled',
      mail: {
        to: owner.email,
        subject: 'Your Rotalink webhook endpoint was switched off',
        text: [greeting, '', ...lines, '', `Your account settings: ${accountUrl}`].join('\n'),
        html: [
          `<p>${escapeHtml(greeting)}</p>`,
          ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
          `<p><a href="${escapeHtml(accountUrl)}">Open your account settings</a></p>`,
        ].join('\n'),
      },
    };
  };
}
