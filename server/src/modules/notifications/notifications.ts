import type { FastifyInstance } from 'fastify';
import { LINK_FILLED_KIND, QUEUE_EMPTY_KIND } from './link-filled';
import { ownerMailRenderers } from './owner-mails';
import { FIRST_CONVERSION_KIND, renderFirstConversion, type FirstConversionPayload } from './first-conversion-mail';

export const LINK_PAUSED_KIND = 'link-paused';

/** Registers the owner notifications' mail kinds with the outbox (issue 16). */
export async function ownerNotifications(app: FastifyInstance): Promise<void> {
  const render = ownerMailRenderers(app.config.publicSiteUrl);
  app.outbox.kind(LINK_FILLED_KIND, render.linkFilled);
  app.outbox.kind(QUEUE_EMPTY_KIND, render.queueEmpty);
  app.outbox.kind(LINK_PAUSED_KIND, render.linkPaused);
  app.outbox.kind<FirstConversionPayload>(FIRST_CONVERSION_KIND, (p, ctx) => renderFirstConversion(p, ctx, app.config.publicSiteUrl));
}
