import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../mail';
import type { RenderContext, RenderedMail } from '../outbox';
import { formatMinor } from './money';

/** Issue 30: the owner's optional mail when a link converts for the first time (through the outbox). */
export const FIRST_CONVERSION_KIND = 'first-conversion';

export interface FirstConversionPayload {
  profileId: string;
  linkId: string;
  amountMinor: number;
  currency: string;
}

/** Rendered when sent: the owner's current address and the link's current name. */
async function render(p: FirstConversionPayload, ctx: RenderContext, publicSiteUrl: string): Promise<RenderedMail | undefined> {
  const profile = await ctx.db
    .selectFrom('users')
    .select(['parent_id', 'email', 'first_name'])
    .where('id', '=', p.profileId)
    .executeTakeFirst();
  if (!profile) return undefined;
  const owner = profile.parent_id
    ? await ctx.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', profile.parent_id).executeTakeFirst()
    : profile;
  if (!owner?.email) return undefined;
  const link = await ctx.db.selectFrom('links').select(['name', 'url']).where('id', '=', p.linkId).executeTakeFirst();
  const label = link ? (link.name ? `"${link.name}" (${link.url})` : link.url) : 'A link you deleted since';
  const amount = `${formatMinor(p.amountMinor, p.currency)} ${p.currency}`;
  const statsUrl = `${publicSiteUrl}/stats?userId=${encodeURIComponent(p.profileId)}`;
  const greeting = owner.first_name ? `Hello ${owner.first_name},` : 'Hello,';
  const line = `Your link ${label} has its first conversion: ${amount}.`;
  const off = 'You can turn this mail off in your conversion settings.';
  return {
    what: 'first conversion',
    mail: {
      to: owner.email,
      subject: `First conversion on ${link?.name ? `"${link.name}"` : (link?.url ?? 'your link')}`,
      text: [greeting, '', line, '', `Your stats: ${statsUrl}`, '', off].join('\n'),
      html: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(line)}</p>`,
        `<p><a href="${escapeHtml(statsUrl)}">Open your stats</a></p>`,
        `<p>${escapeHtml(off)}</p>`,
      ].join('\n'),
    },
  };
}

export function registerFirstConversionMail(app: FastifyInstance): void {
  app.outbox.kind<FirstConversionPayload>(FIRST_CONVERSION_KIND, (p, ctx) => render(p, ctx, app.config.publicSiteUrl));
}
