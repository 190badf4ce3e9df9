import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import type { ConversionLimits } from './conversion-limits';
import { CONVERSION_DEFAULTS, findConversionSettings } from './conversion-settings';
import { findClickById } from './conversions.repository';
import type { ConversionViaValue } from './conversions.table';
import { conversionInputOf, moneyOf, type ConversionInput, type PostbackFields } from './postback-input';
import { recordConversion, type Recorded } from './record-conversion';

export const CLICK_NOT_FOUND = 'No click with this click_id on this profile.';

/**
 * One conversion of a profile whose caller is already known to be allowed (the postback's key,
 * the pixel, an API key with `conversions:write`): the profile's currency and window, the same
 * rules whichever way it came. `ownClick`: a click_id must name a click of this profile (the
 * public API's rule, issue 31: a key records sales on its own clicks only; a network's postback
 * keeps an unknown click as unattributed instead).
 */
export function conversionRecorder(app: FastifyInstance, limits: ConversionLimits) {
  return async function record(
    profileId: string,
    f: PostbackFields,
    via: ConversionViaValue,
    o: { defaultTxid?: (c: string | null) => string | undefined; ownClick?: true } = {},
  ): Promise<Recorded> {
    const settings = await findConversionSettings(app.db, profileId);
    const input = conversionInputOf(f, o.defaultTxid);
    if (o.ownClick) await requireOwnClick(app, profileId, input);
    const currency = settings?.currency ?? CONVERSION_DEFAULTS.currency;
    const money = moneyOf(f, input.amount, currency);
    return recordConversion({
      db: app.db,
      ledger: app.ledger,
      limits,
      profileId,
      via,
      input,
      ...money,
      attributionDays: Number(settings?.attribution_days ?? CONVERSION_DEFAULTS.attribution_days),
      now: new Date(),
    });
  };
}

async function requireOwnClick(app: FastifyInstance, profileId: string, input: ConversionInput): Promise<void> {
  if (!input.clickId) return;
  const found = input.clickAt && (await findClickById(app.db, { userId: profileId, clickId: input.clickId, clickAt: input.clickAt }));
  if (!found) throw new NotFound(CLICK_NOT_FOUND, 'click-not-found');
}
