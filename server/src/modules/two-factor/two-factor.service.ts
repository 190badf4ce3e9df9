import type { EnableTwoFactorOk, TwoFactorSetup, TwoFactorState } from '@rotalink/shared-api/contract';
import type * as Otplib from 'otplib';
import type * as QRCodeLib from 'qrcode';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { BadRequest } from '../../errors';
import { recordAudit, type AuditWho } from '../audit';
import { newRecoveryCode, open, recoveryHash, seal } from './secret-box';

export const SETUP_CODE_WRONG = 'That code does not match the new secret. Scan the QR code again and enter the current code.';
export const SETUP_FIRST = 'Start the setup first: scan a new QR code.';
export const TWO_FACTOR_ON = 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.';
const ISSUER = 'Rotalink';
/**
 * otplib and qrcode load on the first two-factor call, not at start-up: only admins use them, and
 * together they hold ~16 MB of RSS once loaded (issue 12's memory target, bench/README.md "Scale").
 */
const otp = () => require('otplib') as typeof Otplib;
const qrcode = () => require('qrcode') as typeof QRCodeLib;
/** One step (30 s) either side: a phone's clock a little off still signs in. */
export const EPOCH_TOLERANCE_SECONDS = 30;

export async function twoFactorState(db: Db, config: Config, adminId: string): Promise<TwoFactorState> {
  const row = await db.selectFrom('admin_two_factor').select('enabled_at').where('admin_id', '=', adminId).executeTakeFirst();
  const left = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: Boolean(row?.enabled_at), required: config.security.admin2faRequired, recoveryCodesLeft: Number(left.n) };
}

/** A new secret, pending until `enableTwoFactor` confirms a code from it; the current one (if any) stays in force. */
export async function startTwoFactor(db: Db, config: Config, admin: { id: string; username: string }): Promise<TwoFactorSetup> {
  const secret = otp().generateSecret();
  const pending = seal(config.jwtSecret, secret);
  await db
    .insertInto('admin_two_factor')
    .values({ admin_id: admin.id, secret_enc: null, pending_secret_enc: pending, enabled_at: null, last_step: null })
    .onConflict((oc) => oc.column('admin_id').doUpdateSet({ pending_secret_enc: pending }))
    .execute();
  const otpauthUrl = otp().generateURI({ issuer: ISSUER, label: admin.username, secret });
  const svg = await qrcode().toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Confirms the pending secret with a code from it: two-factor sign-in is on, with ten new recovery codes. */
export async function enableTwoFactor(db: Db, config: Config, adminId: string, code: string, who: AuditWho): Promise<EnableTwoFactorOk> {
  const row = await db.selectFrom('admin_two_factor').selectAll().where('admin_id', '=', adminId).executeTakeFirst();
  if (!row?.pending_secret_enc) throw new BadRequest(SETUP_FIRST);
  const secret = open(config.jwtSecret, row.pending_secret_enc);
  const result = await otp().verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid) throw new BadRequest(SETUP_CODE_WRONG);
  const codes = Array.from({ length: 10 }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_two_factor')
      .set({
        secret_enc: row.pending_secret_enc,
        pending_secret_enc: null,
        enabled_at: nowIso(),
        last_step: 'timeStep' in result ? result.timeStep : null,
      })
      .where('admin_id', '=', adminId)
      .execute();
    // A new enrollment voids the codes of the one before.
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(codes.map((c) => ({ code_hash: recoveryHash(config.jwtSecret, c), admin_id: adminId, used_at: null })))
      .execute();
    await recordAudit(trx, {
      action: 'admin.two-factor-enabled',
      ...who,
      targetId: adminId,
      changes: { two_factor: [Boolean(row.secret_enc), true] },
    });
  });
  return { message: TWO_FACTOR_ON, recoveryCodes: codes };
}

/** Whether the admin has two-factor sign-in on (the password step then answers a challenge). */
export async function hasTwoFactor(db: Db, adminId: string): Promise<boolean> {
  const row = await db.selectFrom('admin_two_factor').select('enabled_at').where('admin_id', '=', adminId).executeTakeFirst();
  return Boolean(row?.enabled_at);
}

/**
 * The code step's check: a TOTP code newer than the last one accepted (the update is
 * conditional, so two nodes cannot both accept one code), or an unused recovery code (used up by
 * the same update). Which kind passed, or null.
 */
export async function acceptCode(db: Db, config: Config, adminId: string, code: string): Promise<'totp' | 'recovery code' | null> {
  if (/^[0-9]{6}$/.test(code)) {
    const row = await db.selectFrom('admin_two_factor').selectAll().where('admin_id', '=', adminId).executeTakeFirst();
    if (!row?.enabled_at || !row.secret_enc) return null;
    const last = row.last_step === null ? undefined : Number(row.last_step);
    const result = await otp().verify({
      secret: open(config.jwtSecret, row.secret_enc),
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(last !== undefined ? { afterTimeStep: last } : {}),
    });
    if (!result.valid || !('timeStep' in result)) return null;
    const moved = await db
      .updateTable('admin_two_factor')
      .set({ last_step: result.timeStep })
      .where('admin_id', '=', adminId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', result.timeStep)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0 ? 'totp' : null;
  }
  const used = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: nowIso() })
    .where('code_hash', '=', recoveryHash(config.jwtSecret, code))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0 ? 'recovery code' : null;
}
