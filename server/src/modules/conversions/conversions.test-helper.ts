/** Members, links and clicks with click ids for the conversion tests (issue 30). */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { activate, addLink, bearer, signupMember, type Member } from '../../../test/helpers';
import type { Db } from '../../db/database';
import { clickAt } from '../stats/stats.test-helper';

export interface Seller {
  member: Member;
  linkId: string;
  key: string;
}

/** A member with an active plan, one unlimited link and a postback key (read from the settings page's call). */
export async function seller(app: FastifyInstance, db: Db, name = 'Offer'): Promise<Seller> {
  const member = await signupMember(app);
  await activate(db, member.userId);
  const link = await addLink(app, member, { link: 'https://offer.example.com/', max_clicks: null, name });
  const settings = await app.inject({
    method: 'GET',
    url: `/api/conversions/settings?user_id=${member.userId}`,
    headers: bearer(member.token),
  });
  if (settings.statusCode !== 200) throw new Error(`settings answered ${settings.statusCode}: ${settings.body}`);
  return { member, linkId: link.id, key: settings.json().postback_key };
}

/** A counted page click on the link at `at` through the real click path, and the click id the ledger minted for it. */
export async function clickWithId(app: FastifyInstance, db: Db, s: Seller, at: Date, visitor = `v-${Math.random()}`): Promise<string> {
  await clickAt(app, s.member.userId, { at, target: s.linkId, visitor });
  const row = await db
    .selectFrom('click_events')
    .select(['id', 'click_id'])
    .where('user_id', '=', s.member.userId)
    .where('created_at', '=', at.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (!row.click_id) throw new Error('the counted click got no click id');
  return row.click_id;
}

export const postbackUrl = (s: Seller, q: Record<string, string>) =>
  `/api/conversions/postback?${new URLSearchParams({ profile_id: s.member.userId, key: s.key, ...q })}`;

export const hmac = (key: string, text: string) => `sha256=${createHmac('sha256', key).update(text).digest('hex')}`;

export async function conversionRows(db: Db, userId: string) {
  return db.selectFrom('conversions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}
