import type { DbOrTrx } from '../../db/database';
import { findConversionSettings, formatMinor } from '../conversions';
import { escapeHtml } from '../mail';
import type { Outbox, RenderContext, RenderedMail } from '../outbox';
import type { LedgerSubscriber } from '../traffic';

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

export const renderFirstConversion = render;

const notifiesFirst = async (trx: DbOrTrx, profileId: string) =>
  Number((await findConversionSettings(trx, profileId))?.notify_first_conversion ?? 0) !== 0;

/**
 * Issue 30, as a subscriber of the ledger's ConversionRecorded (decision 0153): the owner's
 * optional mail on a link's first conversion, queued in the SAME transaction as the sale (the
 * outbox), so it exists exactly when the sale committed; the dedupe key (the link) keeps it to
 * one mail per link even if two first sales race on two nodes. The outbox is woken after the COMMIT.
 */
export function firstConversionNotice(outbox: Outbox): LedgerSubscriber {
  return {
    name: 'owner notices: first conversion',
    open: () => {
      let queued = false;
      return {
        ConversionRecorded: async (e, trx) => {
          if (e.status !== 'approved' || !e.firstOfLink || e.linkId === null) return false;
          if (!(await notifiesFirst(trx, e.profileId))) return false;
          const payload: FirstConversionPayload = {
            profileId: e.profileId,
            linkId: e.linkId,
            amountMinor: e.amountMinor,
            currency: e.currency,
          };
          const done = await outbox.enqueue(
            { kind: FIRST_CONVERSION_KIND, payload, userId: e.profileId, dedupeKey: `first-conversion:${e.linkId}` },
            trx,
          );
          queued ||= done;
          return done;
        },
        committed: () => {
          if (queued) outbox.wake();
        },
      };
    },
  };
}
