import { changeSourceOf } from '../../../db/change-source';
import type { Db } from '../../../db/database';
import { ALL } from '../../../db/profile-writes';
import type { PublicAnswerCache } from './answer-cache';
import { PgChangeChannel } from './pg-change-channel';

/** How often a SQLite node looks for another process's commits (PRAGMA data_version: a few µs). */
const SQLITE_POLL_MS = 200;

export interface ChangeFeed {
  close(): Promise<void>;
}

/**
 * Keeps the public answer cache true to the database (issue 12):
 * - this process's writes, reported by the database driver after each COMMIT
 *   (db/watched-dialect.ts), drop the written profiles' answers at once — a click answered by
 *   this node is visible to its very next read;
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
  const unsubscribe = source.writes.subscribe((written) => {
    cache.invalidate(written);
    channel?.publish(written);
  });

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
    close: async () => {
      unsubscribe();
      clearInterval(poll);
      await channel?.close();
    },
  };
}
