import type { Readable } from 'node:stream';
import { bulkReadsOf } from '../../db/bulk-reads';
import type { Db } from '../../db/database';
import { csvLine } from '../stats';
import { userRowToSubProfile, userRowToUser, type UserRow } from '../users';
import { CLICK_EVENT_COLUMNS, clickEventPages, CONVERSION_COLUMNS, conversionPages, type LinkCells } from './export-pages';
import { EXPORT_README } from './export-readme';
import { zipStream, type ZipEntry } from './zip-stream';

/** The download's name: the day it was made (UTC). */
export function exportFileName(now = new Date()): string {
  return `rotalink-export-${now.toISOString().slice(0, 10)}.zip`;
}

const LINK_COLUMNS = [
  'profile_id',
  'link_id',
  'name',
  'url',
  'position',
  'clicks',
  'max_clicks',
  'counted_clicks',
  'all_clicks',
  'paused_at',
  'paused_by',
  'click_param',
  'created_at',
];
const PAYMENT_COLUMNS = ['payment_id', 'provider', 'amount', 'currency', 'status', 'created_at', 'paid_at', 'refund_status', 'refunded_at'];

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const cell = (v: string | number | null): string => (v === null ? '' : String(v));

/** The account's small data, read before the first byte goes out (a few hundred rows at most). */
async function readAccount(db: Db, member: UserRow) {
  const subs = await db.selectFrom('users').selectAll().where('parent_id', '=', member.id).orderBy('created_at').orderBy('id').execute();
  const ids = [member.id, ...subs.map((s) => s.id)];
  const [links, rotators, conversionSettings, handles, domain, apiKeys, webhooks, payments] = await Promise.all([
    db.selectFrom('links').selectAll().where('user_id', 'in', ids).orderBy('user_id').orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('rotators')
      .select([
        'user_id',
        'mode',
        'on_finish',
        'backup_url',
        'unique_window_hours',
        'filter_bots',
        'notify_link_completed',
        'notify_queue_empty',
        'updated_at',
      ])
      .where('user_id', 'in', ids)
      .execute(),
    // The postback key is a secret: never exported.
    db
      .selectFrom('conversion_settings')
      .select(['user_id', 'currency', 'attribution_days', 'notify_first_conversion'])
      .where('user_id', 'in', ids)
      .execute(),
    db
      .selectFrom('profile_handles')
      .select(['profile_id', 'handle', 'state', 'created_at', 'frees_at'])
      .where('profile_id', 'in', ids)
      .execute(),
    db.selectFrom('custom_domains').select(['hostname', 'verified_at', 'created_at']).where('user_id', '=', member.id).execute(),
    // Never a key's hash: its name, prefix and scopes say which key it was.
    db
      .selectFrom('api_keys')
      .select(['name', 'prefix', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
      .where('user_id', '=', member.id)
      .execute(),
    // Never the signing secret.
    db.selectFrom('webhook_endpoints').select(['url', 'events', 'created_at', 'disabled_at']).where('user_id', '=', member.id).execute(),
    db.selectFrom('payments').selectAll().where('user_id', '=', member.id).orderBy('created_at').execute(),
  ]);
  return { subs, ids, links, rotators, conversionSettings, handles, domain, apiKeys, webhooks, payments };
}

/**
 * GET /api/account/export (issue 33, decision 0145): everything the member's account holds, its
 * sub-profiles included, as one zip streamed to the client. The small files are read first; click
 * events and conversions are read a page at a time while the zip goes out, through the bulk-read
 * connection (db/bulk-reads.ts), so a million events take the memory of one page.
 * Never in it: password hashes, the admin's TOTP secrets, API key hashes, webhook or postback
 * secrets, visitor hashes or IPs.
 */
export async function accountExport(db: Db, member: UserRow, now = new Date()): Promise<Readable> {
  const a = await readAccount(db, member);
  const settingsOf = (id: string) => ({
    rotator: a.rotators.find((r) => r.user_id === id) ?? null,
    conversions: a.conversionSettings.find((c) => c.user_id === id) ?? null,
    handles: a.handles.filter((h) => h.profile_id === id).map(({ profile_id: _, ...h }) => h),
  });
  const linkCells: LinkCells = new Map(a.links.map((l) => [l.id, { name: l.name, url: l.url }]));
  const reader = bulkReadsOf(db);
  const entries: ZipEntry[] = [
    { name: 'README.txt', content: () => [EXPORT_README(now.toISOString(), member.id)] },
    {
      name: 'profile.json',
      content: () => [
        json({
          exported_at: now.toISOString(),
          profile: { ...userRowToUser(member), phone: member.phone, created_at: member.created_at },
          settings: settingsOf(member.id),
          custom_domain: a.domain[0] ?? null,
          api_keys: a.apiKeys,
          webhooks: a.webhooks,
        }),
      ],
    },
    {
      name: 'sub-profiles.json',
      content: () => [json(a.subs.map((s) => ({ ...userRowToSubProfile(s), created_at: s.created_at, settings: settingsOf(s.id) })))],
    },
    {
      name: 'links.csv',
      content: () => [
        csvLine(LINK_COLUMNS) +
          a.links
            .map((l) =>
              csvLine(
                [
                  l.user_id,
                  l.id,
                  l.name,
                  l.url,
                  l.position,
                  l.clicks,
                  l.max_clicks,
                  l.counted_clicks,
                  l.all_clicks,
                  l.paused_at,
                  l.paused_by,
                  l.click_param,
                  l.created_at,
                ].map(cell),
              ),
            )
            .join(''),
      ],
    },
    {
      name: 'payments.csv',
      content: () => [
        csvLine(PAYMENT_COLUMNS) +
          a.payments
            .map((p) =>
              csvLine(
                [
                  p.id,
                  p.provider,
                  (p.amount_cents / 100).toFixed(2),
                  p.currency,
                  p.status,
                  p.created_at,
                  p.paid_at,
                  p.refund_status,
                  p.refunded_at,
                ].map(cell),
              ),
            )
            .join(''),
      ],
    },
    {
      name: 'click-events.csv',
      content: async function* () {
        yield csvLine(CLICK_EVENT_COLUMNS);
        for (const id of a.ids) yield* clickEventPages(reader, id, linkCells);
      },
    },
    {
      name: 'conversions.csv',
      content: async function* () {
        yield csvLine(CONVERSION_COLUMNS);
        for (const id of a.ids) yield* conversionPages(reader, id, linkCells);
      },
    },
  ];
  return zipStream(entries, now);
}
