import type { RotatorSettings, UpdateRotatorBody } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { BadRequest } from '../../errors';
import { normaliseLinkUrl } from '../links';
import { currentHandlesOf, rotatorUrlOf } from '../handles';
import { findRotatorRow, saveRotatorSettings, type RotatorSettingsRow } from './rotator.repository';

export const SETTINGS_SAVED = 'Rotator settings saved';
export const BACKUP_URL_INVALID = "Backup URL must start with 'https://' or 'www.'";
export const BACKUP_URL_REQUIRED = 'Enter a backup URL, or choose another option for when the queue is finished.';

const DEFAULTS: RotatorSettingsRow = {
  mode: 'fulfillment',
  on_finish: 'page',
  backup_url: null,
  unique_window_hours: 0,
  filter_bots: 1,
  notify_link_completed: 1,
  notify_queue_empty: 1,
};

/** `{API_PUBLIC_URL}/r/{userId}`: a browser URL on the API's own public address. */
export const rotatorUrl = (apiPublicUrl: string, userId: string): string => `${apiPublicUrl}/r/${encodeURIComponent(userId)}`;

/** Issue 32: the link to share is `{api}/r/{handle}` once the profile has a handle (`/r/{id}` keeps working). */
async function sharedRotatorUrl(db: Db, apiPublicUrl: string, userId: string): Promise<string> {
  const handle = (await currentHandlesOf(db, [userId])).get(userId) ?? null;
  return rotatorUrlOf(apiPublicUrl, userId, handle);
}

function toSettings(row: RotatorSettingsRow, url: string): RotatorSettings {
  return {
    rotator_url: url,
    mode: row.mode,
    on_finish: row.on_finish,
    backup_url: row.backup_url,
    unique_window_hours: Number(row.unique_window_hours),
    filter_bots: Number(row.filter_bots) !== 0,
    notify_link_completed: Number(row.notify_link_completed) !== 0,
    notify_queue_empty: Number(row.notify_queue_empty) !== 0,
  };
}

async function currentRow(db: Db, userId: string): Promise<RotatorSettingsRow> {
  const row = await findRotatorRow(db, userId);
  return row
    ? {
        mode: row.mode,
        on_finish: row.on_finish,
        backup_url: row.backup_url,
        unique_window_hours: row.unique_window_hours,
        filter_bots: row.filter_bots,
        notify_link_completed: row.notify_link_completed,
        notify_queue_empty: row.notify_queue_empty,
      }
    : DEFAULTS;
}

/** GET /api/links/rotator: the owner's (or their sub-profile's) rotator link and settings. */
export async function readRotatorSettings(o: {
  db: Db;
  /** The profile the access check granted (issue 31). */
  userId: string;
  apiPublicUrl: string;
}): Promise<RotatorSettings> {
  return toSettings(await currentRow(o.db, o.userId), await sharedRotatorUrl(o.db, o.apiPublicUrl, o.userId));
}

/** The backup URL as stored: the link URL rule of spec §5, with the field named in the message. */
function backupUrlOf(input: string | null | undefined, current: string | null): string | null {
  if (input === undefined) return current;
  if (input === null || input.trim() === '') return null;
  try {
    return normaliseLinkUrl(input);
  } catch {
    throw new BadRequest(BACKUP_URL_INVALID);
  }
}

/** A switch as stored (0/1): the value sent, else the current one. */
const flag = (sent: boolean | undefined, current: number): number => (sent === undefined ? current : sent ? 1 : 0);

/**
 * PUT /api/links/rotator: only the fields sent change; the result must hold together
 * (on_finish 'backup' needs a backup URL, sent now or saved before).
 */
export async function changeRotatorSettings(o: {
  db: Db;
  /** The profile the access check granted (issue 31). */
  userId: string;
  body: UpdateRotatorBody;
  apiPublicUrl: string;
}): Promise<RotatorSettings> {
  const { body } = o;
  const profile = { id: o.userId };
  const current = await currentRow(o.db, profile.id);
  const next: RotatorSettingsRow = {
    mode: body.mode ?? current.mode,
    on_finish: body.on_finish ?? current.on_finish,
    backup_url: backupUrlOf(body.backup_url, current.backup_url),
    unique_window_hours: body.unique_window_hours ?? current.unique_window_hours,
    filter_bots: flag(body.filter_bots, current.filter_bots),
    notify_link_completed: flag(body.notify_link_completed, current.notify_link_completed),
    notify_queue_empty: flag(body.notify_queue_empty, current.notify_queue_empty),
  };
  if (next.on_finish === 'backup' && !next.backup_url) throw new BadRequest(BACKUP_URL_REQUIRED);
  await saveRotatorSettings(o.db, profile.id, next);
  return toSettings(next, await sharedRotatorUrl(o.db, o.apiPublicUrl, profile.id));
}
