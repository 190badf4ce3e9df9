import type { DbOrTrx } from '../../db/database';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/send-later';
import type { RenderContext, RenderedMail } from '../outbox/outbox';
import type { LinkFilledPayload, NamedLink, QueueEmptyPayload } from './link-filled';

export interface LinkPausedPayload {
  profileId: string;
  link: NamedLink;
  /** What the checks saw, in words. */
  result: string;
  failures: number;
  next: NamedLink | null;
}

/** Who hears about a profile: the member themself, or for a sub-profile the member who owns it. */
async function ownerOf(db: DbOrTrx, profileId: string) {
  const profile = await db
    .selectFrom('users')
    .select(['id', 'parent_id', 'email', 'first_name', 'last_name'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!profile) return undefined;
  const owner = profile.parent_id
    ? await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', profile.parent_id).executeTakeFirst()
    : profile;
  if (!owner?.email) return undefined;
  const page = profile.parent_id ? `the page of ${`${profile.first_name} ${profile.last_name}`.trim()}` : 'your page';
  return { email: owner.email, firstName: owner.first_name, page };
}

const label = (l: NamedLink) => (l.name ? `"${l.name}" (${l.url})` : l.url);

function mail(o: { to: string; firstName: string; subject: string; paragraphs: string[]; linksUrl: string }): MailMessage {
  const greeting = o.firstName ? `Hello ${o.firstName},` : 'Hello,';
  return {
    to: o.to,
    subject: o.subject,
    text: [
      greeting,
      '',
      ...o.paragraphs.flatMap((p) => [p, '']),
      `Your links: ${o.linksUrl}`,
      '',
      'You can turn these mails off in your rotator settings.',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...o.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(o.linksUrl)}">Open your links</a></p>`,
      '<p>You can turn these mails off in your rotator settings.</p>',
    ].join('\n'),
  };
}

const FINISH_TEXT: Record<QueueEmptyPayload['onFinish'], (backup: string | null) => string> = {
  page: () => 'Your rotator link now sends visitors to your public page, where they see your completed links.',
  backup: (backup) => `Your rotator link now sends visitors to your backup URL, ${backup ?? '(none set)'}.`,
  restart: () => 'Your rotator link starts your queue again on the next visit: every link back to 0 clicks, in queue order.',
};

/** The three owner notifications of issue 16, rendered when they are sent (the owner's current address). */
export function ownerMailRenderers(publicSiteUrl: string) {
  const linksUrl = (profileId: string) => `${publicSiteUrl}/Addlinks?userId=${encodeURIComponent(profileId)}`;
  return {
    linkFilled: async (p: LinkFilledPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
      const owner = await ownerOf(ctx.db, p.profileId);
      if (!owner) return undefined;
      const head = p.next ? `${label(p.next)} is now first in your queue.` : 'No link is waiting in your queue now.';
      return {
        what: 'link completed',
        mail: mail({
          to: owner.email,
          firstName: owner.firstName,
          subject: `Your link ${p.link.name ? `"${p.link.name}"` : p.link.url} has received its ${p.link.cap} clicks`,
          paragraphs: [`Your link ${label(p.link)} on ${owner.page} has received its ${p.link.cap} clicks; ${head}`],
          linksUrl: linksUrl(p.profileId),
        }),
      };
    },
    queueEmpty: async (p: QueueEmptyPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
      const owner = await ownerOf(ctx.db, p.profileId);
      if (!owner) return undefined;
      return {
        what: 'queue empty',
        mail: mail({
          to: owner.email,
          firstName: owner.firstName,
          subject: 'Your Rotalink queue is empty',
          paragraphs: [
            `Your link ${label(p.link)} on ${owner.page} has received its ${p.link.cap} clicks, and no link is waiting in your queue now.`,
            FINISH_TEXT[p.onFinish](p.backupUrl),
            'Add a link or reset one to fill your queue again.',
          ],
          linksUrl: linksUrl(p.profileId),
        }),
      };
    },
    linkPaused: async (p: LinkPausedPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
      const owner = await ownerOf(ctx.db, p.profileId);
      if (!owner) return undefined;
      const head = p.next ? `${label(p.next)} is now first in your queue.` : 'No link is waiting in your queue now.';
      return {
        what: 'link paused',
        mail: mail({
          to: owner.email,
          firstName: owner.firstName,
          subject: `Your link ${p.link.name ? `"${p.link.name}"` : p.link.url} was paused: its destination is not answering`,
          paragraphs: [
            `We checked your link ${label(p.link)} on ${owner.page} ${p.failures} times in a row and it failed each time (last: ${p.result}).`,
            `We paused it so that visitors are not sent to a broken page; ${head}`,
            'Once the destination works again, press Resume (or Check now) on your links page.',
          ],
          linksUrl: linksUrl(p.profileId),
        }),
      };
    },
  };
}
