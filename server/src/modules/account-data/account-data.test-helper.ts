import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import type { FastifyInstance } from 'fastify';
import type { Db, Engine } from '../../db/database';
import { newId, nowIso } from '../../db/ids';
import { activate, addLink, bearer, loginMember, signupMember, type Member } from '../../../test/helpers';

/** Names nobody else in the database has, so finding one anywhere means it was left behind. */
export const uniqueName = (what: string) => `${what}${randomBytes(5).toString('hex')}`;

/** A member with everything an account can hold: a sub-profile that signs in, links, clicks, a sale, a payment, a key, a webhook. */
export interface FullAccount {
  member: Member;
  names: string[];
  sub: { id: string; email: string; token: string };
  linkUrl: string;
  subLinkUrl: string;
  paymentId: string;
  txid: string;
  /** Values that must never leave the server. */
  secrets: string[];
}

export async function fullAccount(app: FastifyInstance, db: Db, clicks = 3): Promise<FullAccount> {
  const first = uniqueName('Firstname');
  const last = uniqueName('Lastname');
  const member = await signupMember(app, { firstName: first, lastName: last });
  await activate(db, member.userId);
  const subFirst = uniqueName('Subfirst');
  const subLast = uniqueName('Sublast');
  const subEmail = `${uniqueName('sub')}@example.com`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/auth/subprofile',
    headers: bearer(member.token),
    payload: { firstName: subFirst, lastName: subLast, phone: '12345', email: subEmail, password: 'sub-profile password' },
  });
  if (created.statusCode !== 201) throw new Error(`subprofile: ${created.body}`);
  const subId: string = created.json().user_id;
  const subToken = await loginMember(app, subEmail, 'sub-profile password');
  const linkUrl = `https://offer.example.com/${uniqueName('m')}`;
  const subLinkUrl = `https://offer.example.com/${uniqueName('s')}`;
  const link = await addLink(app, member, { link: linkUrl, max_clicks: null, name: 'Main offer' });
  const subLink = await addLink(app, member, { link: subLinkUrl, max_clicks: null, user_id: subId });
  await insertClicks(db, member.userId, link.id, clicks, 'visitorhash-member');
  await insertClicks(db, subId, subLink.id, 2, 'visitorhash-sub');
  const txid = uniqueName('tx');
  await db
    .insertInto('conversions')
    .values({
      id: newId(),
      user_id: member.userId,
      txid,
      created_at: nowIso(),
      via: 'postback',
      click_id: null,
      click_at: null,
      link_id: link.id,
      source: 'page',
      attributed: 0,
      amount_minor: 1250,
      currency: 'USD',
      refunded_at: null,
    })
    .execute();
  const paymentId = `cs_${uniqueName('pay')}`;
  await db
    .insertInto('payments')
    .values({
      id: paymentId,
      user_id: member.userId,
      provider: 'stripe',
      amount_cents: 14456,
      currency: 'usd',
      status: 'paid',
      created_at: nowIso(),
      paid_at: nowIso(),
      refund_status: null,
      refunded_at: null,
    })
    .execute();
  const secrets = [uniqueName('keyhash'), uniqueName('whsecsealed'), uniqueName('postbackkey')];
  await db
    .insertInto('api_keys')
    .values({
      id: newId(),
      user_id: member.userId,
      name: 'Script',
      prefix: uniqueName('rk'),
      secret_hash: secrets[0],
      scopes: 'links:read',
      created_at: nowIso(),
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: newId(),
      user_id: member.userId,
      url: 'https://hooks.example.com/in',
      events: 'link.completed',
      secret_sealed: secrets[1],
      created_at: nowIso(),
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
    })
    .execute();
  await db
    .insertInto('conversion_settings')
    .values({
      user_id: member.userId,
      postback_key: secrets[2],
      currency: 'USD',
      attribution_days: 30,
      notify_first_conversion: 0,
      key_created_at: nowIso(),
    })
    .execute();
  const hashes = await db.selectFrom('users').select('password_hash').where('id', 'in', [member.userId, subId]).execute();
  secrets.push(...hashes.map((h) => h.password_hash as string), 'visitorhash-member', 'visitorhash-sub');
  return {
    member,
    names: [first, last, subFirst, subLast],
    sub: { id: subId, email: subEmail, token: subToken },
    linkUrl,
    subLinkUrl,
    paymentId,
    txid,
    secrets,
  };
}

export async function insertClicks(db: Db, userId: string, linkId: string, count: number, visitor: string): Promise<void> {
  const start = Date.parse('2026-06-01T00:00:00Z');
  const rows = Array.from({ length: count }, (_, i) => ({
    created_at: new Date(start + i * 1000).toISOString(),
    user_id: userId,
    link_id: linkId,
    source: 'page' as const,
    verdict: 'counted' as const,
    device: 'mobile' as const,
    referrer_host: 'ref.example.com',
    visitor,
    tracked: 0,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('click_events')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The zip's files as text. */
export function unzipText(body: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/**
 * Every text column of every table, found in the database's own catalogue (so a table added later
 * is searched too), that holds one of `needles` (case-insensitive): "table.column" for each hit.
 */
export async function textColumnsHolding(db: Db, engine: Engine, needles: string[]): Promise<string[]> {
  const columns: Array<{ table: string; column: string }> = [];
  if (engine === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(db);
    columns.push(...rows.rows.map((r) => ({ table: r.table_name, column: r.column_name })));
  } else {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      db,
    );
    for (const t of tables.rows) {
      const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${t.name})`.execute(db);
      columns.push(...info.rows.filter((c) => /text|char|clob|json|^$/i.test(c.type)).map((c) => ({ table: t.name, column: c.name })));
    }
  }
  if (columns.length < 50) throw new Error(`only ${columns.length} text columns found: the catalogue query is wrong`);
  const hits: string[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const found = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
        where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}`.execute(db);
      if (Number(found.rows[0].n) > 0) hits.push(`${table}.${column} holds ${needle}`);
    }
  }
  return hits;
}
