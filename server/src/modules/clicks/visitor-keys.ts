import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The visitor of a click, without keeping their address (issue 14): HMAC-SHA256 of IP and
 * User-Agent under a random key of the current UTC day, cut to 16 bytes (base64url, 22 chars).
 * The day's key lives in `visitor_keys` so every API node hashes alike; the first node to need a
 * new day's key creates it and deletes the older ones. Once yesterday's key is gone nobody, us
 * included, can recompute yesterday's hashes from an address, so a visitor cannot be followed
 * from one day to the next. The flip side: a visitor is recognised by hash within one UTC day
 * only (the rotator's spillover cookie carries its own state across days).
 */
export class VisitorHasher {
  private current: { day: string; key: Buffer } | undefined;
  private loading: { day: string; key: Promise<Buffer> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hash(ip: string, userAgent: string): Promise<string> {
    const key = await this.keyOf(utcDay(this.now()));
    return createHmac('sha256', key).update(ip).update('\n').update(userAgent).digest().subarray(0, 16).toString('base64url');
  }

  private keyOf(day: string): Buffer | Promise<Buffer> {
    if (this.current?.day === day) return this.current.key;
    if (this.loading?.day === day) return this.loading.key;
    const key = loadDayKey(this.db, day).then(
      (k) => {
        this.current = { day, key: k };
        this.loading = undefined;
        return k;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    this.loading = { day, key };
    return key;
  }
}

/** The day's key: created by whichever node asks first (the others read it), older days deleted. */
async function loadDayKey(db: Db, day: string): Promise<Buffer> {
  await db
    .insertInto('visitor_keys')
    .values({ day, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('visitor_keys').select('secret').where('day', '=', day).executeTakeFirstOrThrow();
  await db.deleteFrom('visitor_keys').where('day', '<', day).execute();
  return Buffer.from(row.secret, 'base64url');
}
