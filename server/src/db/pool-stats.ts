import type pg from 'pg';
import type { Db } from './database';

/**
 * Issue 28: how busy a PostgreSQL pool is, for /metrics. A "wait" is a request for a connection
 * that found none idle and the pool at its size: it queued until another request gave one back.
 */
export class PoolStats {
  waits = 0;
  waitSeconds = 0;
  constructor(readonly pool: pg.Pool) {}

  /** Around pool.connect(): whether this request had to queue, and for how long. */
  async timed<T>(connect: () => Promise<T>): Promise<T> {
    const full = this.pool.idleCount === 0 && this.pool.totalCount >= (this.pool.options.max ?? 10);
    if (!full) return connect();
    const started = performance.now();
    try {
      return await connect();
    } finally {
      this.waits += 1;
      this.waitSeconds += (performance.now() - started) / 1000;
    }
  }
}

const stats = new WeakMap<Db, PoolStats>();
export const registerPoolStats = (db: Db, s: PoolStats): void => void stats.set(db, s);
/** The pool stats of a PostgreSQL database opened by connect(); undefined for SQLite. */
export const poolStatsOf = (db: Db): PoolStats | undefined => stats.get(db);
