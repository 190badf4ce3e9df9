import { BadRequest } from '../../errors';

/**
 * updateUser dates (DESIGN §5): 'YYYY-MM-DD HH:mm:ss' (spec §7, taken as UTC), 'YYYY-MM-DD', or
 * ISO 8601 with a zone. Returns the ISO 8601 UTC string we store, or null to clear.
 */
export function parseAdminDate(value: string | null, label: string): string | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  let ms: number;
  if (plain) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = plain;
    ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
    // Date.UTC rolls 2026-02-31 over to March: refuse dates that do not exist.
    const back = new Date(ms);
    if (back.getUTCFullYear() !== +y || back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59)
      ms = NaN;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    ms = Date.parse(v);
  } else {
    ms = NaN;
  }
  if (Number.isNaN(ms)) throw new BadRequest(`${label} must be a date like 2026-01-31 12:00:00.`);
  return new Date(ms).toISOString();
}
