import { randomBytes } from 'node:crypto';
import { DEFAULT_ATTRIBUTION_DAYS, type ConversionSettings, type UpdateConversionSettingsBody } from '@rotalink/shared-api/contract';
import type { Db, DbOrTrx } from '../../db/database';
import { nowIso } from '../../db/ids';
import { BadRequest } from '../../errors';
import type { ConversionSettingsRow } from './conversions.table';
import { CURRENCIES, isCurrency } from './money';

export const CURRENCY_UNKNOWN = 'currency must be an ISO 4217 code such as USD or EUR.';

/** What a profile's conversions follow when it has no settings row yet. */
export const CONVERSION_DEFAULTS = { currency: 'USD', attribution_days: DEFAULT_ATTRIBUTION_DAYS, notify_first_conversion: 0 };

/** A new postback key: 32 random bytes, base64url (43 characters). */
export const newPostbackKey = (): string => randomBytes(32).toString('base64url');

export async function findConversionSettings(db: DbOrTrx, userId: string): Promise<ConversionSettingsRow | undefined> {
  return db.selectFrom('conversion_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The profile's settings row, made with a fresh key the first time its owner looks (idempotent across nodes). */
async function ensureSettings(db: Db, userId: string): Promise<ConversionSettingsRow> {
  await db
    .insertInto('conversion_settings')
    .values({ user_id: userId, postback_key: newPostbackKey(), key_created_at: nowIso(), ...CONVERSION_DEFAULTS })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await findConversionSettings(db, userId)) as ConversionSettingsRow;
}

function toSettings(row: ConversionSettingsRow, apiPublicUrl: string): ConversionSettings {
  const id = encodeURIComponent(row.user_id);
  return {
    user_id: row.user_id,
    postback_url:
      `${apiPublicUrl}/api/conversions/postback?profile_id=${id}&key=${row.postback_key}` +
      '&click_id={click_id}&txid={transaction_id}&amount={payout}&currency={currency}',
    pixel_url: `${apiPublicUrl}/px/${id}.gif?click_id={click_id}`,
    postback_key: row.postback_key,
    key_created_at: row.key_created_at,
    currency: row.currency,
    attribution_days: Number(row.attribution_days),
    notify_first_conversion: Number(row.notify_first_conversion) !== 0,
    currencies: [...CURRENCIES],
  };
}

/** GET /api/conversions/settings. */
export async function readConversionSettings(o: { db: Db; profile: { id: string }; apiPublicUrl: string }) {
  const { profile } = o;
  return toSettings(await ensureSettings(o.db, profile.id), o.apiPublicUrl);
}

/** PUT /api/conversions/settings: only the fields sent change. */
export async function changeConversionSettings(o: {
  db: Db;
  profile: { id: string };
  body: UpdateConversionSettingsBody;
  apiPublicUrl: string;
}) {
  const { profile } = o;
  const currency = o.body.currency?.toUpperCase();
  if (currency !== undefined && !isCurrency(currency)) throw new BadRequest(CURRENCY_UNKNOWN);
  await ensureSettings(o.db, profile.id);
  const changes = {
    ...(currency !== undefined ? { currency } : {}),
    ...(o.body.attribution_days !== undefined ? { attribution_days: o.body.attribution_days } : {}),
    ...(o.body.notify_first_conversion !== undefined ? { notify_first_conversion: o.body.notify_first_conversion ? 1 : 0 } : {}),
  };
  if (Object.keys(changes).length) await o.db.updateTable('conversion_settings').set(changes).where('user_id', '=', profile.id).execute();
  return toSettings((await findConversionSettings(o.db, profile.id)) as ConversionSettingsRow, o.apiPublicUrl);
}

/** POST /api/conversions/rotate-key: the old key stops working with this statement's commit. */
export async function rotatePostbackKey(o: { db: Db; profile: { id: string }; apiPublicUrl: string }) {
  const { profile } = o;
  await ensureSettings(o.db, profile.id);
  await o.db
    .updateTable('conversion_settings')
    .set({ postback_key: newPostbackKey(), key_created_at: nowIso() })
    .where('user_id', '=', profile.id)
    .execute();
  return toSettings((await findConversionSettings(o.db, profile.id)) as ConversionSettingsRow, o.apiPublicUrl);
}
