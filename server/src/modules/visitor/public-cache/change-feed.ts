import { changeSourceOf } from '../../../db/change-source';
import { ALL, type WatchedTables, type Written } from '../../../db/committed-writes';
import type { Db } from '../../../db/database';
import type { PublicAnswerCache } from './answer-cache';
import { PgChangeChannel } from './pg-change-channel';

/**
 * What the visitor page shows of a profile (spec §7): its `users` row and its `links`, named by
 * the profile's id. A `users` DELETE cascades to sub-profiles no statement names.
 */
export const PUBLIC_TABLES: WatchedTables = {
  links: { key: 'user_id' },
  users: { key: 'id', deleteReachesUnnamed: true },
};

/** How often a SQLite node looks for another process's commits (PRAGMA data_version: a few µs). */
const SQLITE_POLL_MS = 200;

export interface ChangeFeed {
  /** Profiles this process changed, once committed: dropped here at once, told to the other nodes. */
  written(written: Exclude<Written, undefined>): void;
  close(): Promise<void>;
}

/**
 * Keeps the public answer cache true to the database (issue 12):
 * - this process's writes drop the written profiles' answers at once, after their COMMIT — a
 *   click answered by this node is visible to its very next read. The clicks are told by the
 *   click ledger's events (`written`, from ledger-subscriber.ts); every other write (an edit, an
 *   admin action, a write straight to the database) by the database driver, which reports the
 *   writes to PUBLIC_TABLES (db/watched-dialect.ts);
 * - PostgreSQL: the same writes go to the other API nodes over LISTEN/NOTIFY
 *   (pg-change-channel.ts) and theirs come back, within milliseconds;
 * - SQLite: another process writing to the same file (a second API process, a maintenance
 *   script) moves PRAGMA data_version, checked every 200 ms: everything is dropped.
 * Returns undefined — and the cache must stay off — for a database not opened by connect().
 */
export function startChangeFeed(db: Db, cache: PublicAnswerCache, onError: (message: string) => void): ChangeFeed | undefined {
  const source = changeSourceOf(db);
  if (!source) return undefined;
  let channel: PgChangeChannel | undefined;
  if (source.postgres) {
    cache.setLive(false);
    channel = new PgChangeChannel({
      ...source.postgres,
      onRemoteWrite: (written) => cache.invalidate(written),
      onLive: (live) => cache.setLive(live),
      onError,
    });
    channel.start();
  }
  const written = (w: Exclude<Written, undefined>) => {
    cache.invalidate(w);
    channel?.publish(w);
  };
  const unsubscribe = source.writes.watch(PUBLIC_TABLES, written);

  let poll: NodeJS.Timeout | undefined;
  const dataVersion = source.sqliteDataVersion;
  if (dataVersion) {
    let seen = dataVersion();
    poll = setInterval(() => {
      try {
        const now = dataVersion();
        if (now !== seen) cache.invalidate(ALL);
        seen = now;
      } catch {
        // The database is closing: nothing more to hear.
        clearInterval(poll);
      }
    }, SQLITE_POLL_MS);
    poll.unref();
  }

  return {
    written,
    close: async () => {
      unsubscribe();
      clearInterval(poll);
      await channel?.close();
    },
  };
}
