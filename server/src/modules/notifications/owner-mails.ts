import type { DbOrTrx } from '../../db/database';
import type { MailMessage } from '../mail';
import { escapeHtml } from '../mail';
import type { RenderContext, RenderedMail } from '../outbox';
import type { LinkFilledPayload, NamedLink, QueueEmptyPayload } from './link-filled';

export interface LinkPausedPayload {
  profileId: string;
  link: NamedLink;
  /** What the checks saw, in words. */
  result: string;
  failures: number;
  next: NamedLink | null;
}

/** How a mail names a profile's things: "your …" to a member about their own profile, "… of <name>" about a sub-profile. */
interface Whose {
  page: string;
  queue: string;
  rotatorLink: string;
  publicPage: string;
  /** The subject's start for a link of the profile. */
  link: (name: string) => string;
  queueEmptySubject: string;
}

const OWN: Whose = {
  page: 'your page',
  queue: 'your queue',
  rotatorLink: 'Your rotator link',
  publicPage: 'your public page',
  link: (name) => `Your link ${name}`,
  queueEmptySubject: 'Your Rotalink queue is empty',
};

/** A sub-profile's mails go to its member, who may run several: each says whose queue it is. */
const ofSubProfile = (name: string): Whose => ({
  page: `the page of ${name}`,
  queue: `the queue of ${name}`,
  rotatorLink: `The rotator link of ${name}`,
  publicPage: `the public page of ${name}`,
  link: (link) => `The link ${link} of ${name}`,
  queueEmptySubject: `The Rotalink queue of ${name} is empty`,
});

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
  const whose = profile.parent_id ? ofSubProfile(`${profile.first_name} ${profile.last_name}`.trim()) : OWN;
  return { email: owner.email, firstName: owner.first_name, whose };
}

const clicks = (n: number) => `${n} ${n === 1 ? 'click' : 'clicks'}`;
const shortName = (l: NamedLink) => (l.name ? `"${l.name}"` : l.url);
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

const FINISH_TEXT: Record<QueueEmptyPayload['onFinish'], (backup: string | null, w: Whose) => string> = {
  page: (_backup, w) => `${w.rotatorLink} now sends visitors to ${w.publicPage}, where they see the completed links.`,
  backup: (backup, w) => `${w.rotatorLink} now sends visitors to the backup URL, ${backup ?? '(none set)'}.`,
  restart: (_backup, w) => `${w.rotatorLink} starts ${w.queue} again on the next visit: every link back to 0 clicks, in queue order.`,
};

/** The three owner notifications of issue 16, rendered when they are sent (the owner's current address). */
export function ownerMailRenderers(publicSiteUrl: string) {
  const linksUrl = (profileId: string) => `${publicSiteUrl}/Addlinks?userId=${encodeURIComponent(profileId)}`;
  return {
    linkFilled: async (p: LinkFilledPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
      const owner = await ownerOf(ctx.db, p.profileId);
      if (!owner) return undefined;
      const { whose } = owner;
      const head = p.next ? `${label(p.next)} is now first in ${whose.queue}.` : `No link is waiting in ${whose.queue} now.`;
      return {
        what: 'link completed',
        mail: mail({
          to: owner.email,
          firstName: owner.firstName,
          subject: `${whose.link(shortName(p.link))} has received its ${clicks(p.link.cap)}`,
          paragraphs: [`Your link ${label(p.link)} on ${whose.page} has received its ${clicks(p.link.cap)}; ${head}`],
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
          subject: owner.whose.queueEmptySubject,
          paragraphs: [
            `Your link ${label(p.link)} on ${owner.whose.page} has received its ${clicks(p.link.cap)}, and no link is waiting in ${owner.whose.queue} now.`,
            FINISH_TEXT[p.onFinish](p.backupUrl, owner.whose),
            `Add a link or reset one to fill ${owner.whose.queue} again.`,
          ],
          linksUrl: linksUrl(p.profileId),
        }),
      };
    },
    linkPaused: async (p: LinkPausedPayload, ctx: RenderContext): Promise<RenderedMail | undefined> => {
      const owner = await ownerOf(ctx.db, p.profileId);
      if (!owner) return undefined;
      const { whose } = owner;
      const head = p.next ? `${label(p.next)} is now first in ${whose.queue}.` : `No link is waiting in ${whose.queue} now.`;
      return {
        what: 'link paused',
        mail: mail({
          to: owner.email,
          firstName: owner.firstName,
          subject: `${whose.link(shortName(p.link))} was paused: its destination is not answering`,
          paragraphs: [
            `We checked your link ${label(p.link)} on ${whose.page} ${p.failures} times in a row and it failed each time (last: ${p.result}).`,
            `We paused it so that visitors are not sent to a broken page; ${head}`,
            'Once the destination works again, press Resume (or Check now) on your links page.',
          ],
          linksUrl: linksUrl(p.profileId),
        }),
      };
    },
  };
}
