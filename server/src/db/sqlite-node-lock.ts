import SQLite from 'better-sqlite3';

/**
 * Issue 28: which processes use a SQLite database, told by SQLite's own file locks on a small
 * companion file (`<db>-lock`, a database of no tables in rollback-journal mode). The operating
 * system drops a dead process's locks, so nothing stale is ever left behind.
 *
 * - a migration holds RESERVED (BEGIN IMMEDIATE): one at a time, nodes that are only running
 *   (SHARED) do not stop it;
 * - a running API node holds SHARED (an open read transaction) for its whole life;
 * - a restore needs EXCLUSIVE, which SQLite grants only when nobody holds either.
 *
 * Nothing is ever written to it: each lock ends with ROLLBACK (a COMMIT would need EXCLUSIVE,
 * which the running nodes' SHARED locks refuse).
 */
export const lockFileOf = (sqliteFile: string): string => `${sqliteFile}-lock`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isBusy = (err: unknown) => (err as { code?: string }).code?.startsWith('SQLITE_BUSY') ?? false;

function open(sqliteFile: string): SQLite.Database {
  const lock = new SQLite(lockFileOf(sqliteFile));
  // 0: waits are ours (a timer), never a blocked event loop.
  lock.pragma('busy_timeout = 0');
  return lock;
}

export interface HeldLock {
  release(): void;
}

/**
 * Takes the migration lock, waiting (polling every 100 ms, `onWait` told once) up to `waitMs`
 * while another process holds it; throws when it does not come.
 */
export async function lockForMigration(sqliteFile: string, waitMs: number, onWait?: () => void): Promise<HeldLock> {
  const lock = open(sqliteFile);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      lock.exec('BEGIN IMMEDIATE');
      return { release: () => (lock.exec('ROLLBACK'), lock.close()) };
    } catch (err) {
      if (!isBusy(err)) throw (lock.close(), err);
      if (Date.now() >= deadline) {
        lock.close();
        throw new Error(`another process has been migrating ${sqliteFile} for longer than MIGRATE_WAIT_MS (${waitMs} ms)`);
      }
      if (!told) onWait?.();
      told = true;
      await sleep(100);
    }
  }
}

/** Marks the database as in use by this process until `release()` or the process ends. Keep the result referenced: a collected connection drops its lock. */
export function holdInUse(sqliteFile: string): HeldLock {
  const lock = open(sqliteFile);
  lock.exec('BEGIN');
  // A read takes the SHARED lock, kept while the transaction stays open.
  lock.prepare('select count(*) from sqlite_master').get();
  return { release: () => (lock.exec('ROLLBACK'), lock.close()) };
}

/** EXCLUSIVE at once, or undefined when any process (a running node, a migration) uses the database. */
export function lockExclusive(sqliteFile: string): HeldLock | undefined {
  const lock = open(sqliteFile);
  try {
    // In rollback-journal mode BEGIN EXCLUSIVE takes the lock at once (WAL would not).
    lock.exec('BEGIN EXCLUSIVE');
    return { release: () => (lock.exec('ROLLBACK'), lock.close()) };
  } catch (err) {
    lock.close();
    if (isBusy(err)) return undefined;
    throw err;
  }
}
