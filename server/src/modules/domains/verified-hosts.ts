import type { Db } from '../../db/database';

interface Entry {
  userId: string | null;
  until: number;
}

/**
 * Which profile a verified custom domain serves, kept in memory for `ttlMs` (issue 32): the
 * proxy's `ask` before every certificate, the host-routed rotator and CORS for custom origins
 * all read it, so a busy domain costs no query per request. A change on this node is forgotten at
 * once; another node's change (a removal, a check that found the record gone) is seen within
 * `ttlMs`. Unknown hosts are remembered too (a flood of made-up hosts costs one query each per
 * `ttlMs`), in a bounded map.
 */
export class VerifiedHosts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly o: { ttlMs: number; maxEntries: number } = { ttlMs: 10_000, maxEntries: 10_000 },
  ) {}

  /** The profile a verified host serves, or null. `host` is lower case, without port. */
  async userFor(host: string): Promise<string | null> {
    const now = Date.now();
    const hit = this.entries.get(host);
    if (hit && hit.until > now) return hit.userId;
    const row = await this.db
      .selectFrom('custom_domains')
      .select('user_id')
      .where('hostname', '=', host)
      .where('verified_at', 'is not', null)
      .executeTakeFirst();
    const userId = row?.user_id ?? null;
    if (this.entries.size >= this.o.maxEntries) this.entries.clear();
    this.entries.set(host, { userId, until: now + this.o.ttlMs });
    return userId;
  }

  forget(host: string): void {
    this.entries.delete(host);
  }
}

/** A request's host name as a custom domain: lower case, port and trailing dot dropped. */
export const hostOf = (hostname: string): string => hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
