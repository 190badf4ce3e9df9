import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { lockExclusive } from '../db/sqlite-node-lock';

export interface BackupResult {
  bytes: number;
  ms: number;
}

/**
 * Issue 28: SQLite's online backup API copying the whole database in ONE step, so the copy is
 * one consistent snapshot (a read transaction: in WAL mode the API's writers carry on meanwhile)
 * holding every write committed before it began — every click acknowledged by then, as clicks are
 * acknowledged only after their COMMIT. Written beside `to`, checked, then renamed into place.
 */
export async function backupSqlite(from: string, to: string): Promise<BackupResult> {
  if (!existsSync(from)) throw new Error(`No database at ${from}`);
  if (existsSync(to)) throw new Error(`Refusing to overwrite ${to}: choose a new file name`);
  const started = Date.now();
  const partial = `${to}.partial`;
  rmSync(partial, { force: true });
  const source = new SQLite(from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // The first step copies 100 pages; every later one everything left (a write by another
    // process between steps restarts the copy, which then completes in one step).
    await source.backup(partial, { progress: () => 2 ** 30 });
  } finally {
    source.close();
  }
  // One self-contained file (no -wal beside it) is what gets copied off the machine.
  const copy = new SQLite(partial);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  const problem = integrityProblem(partial);
  if (problem) {
    rmSync(partial, { force: true });
    throw new Error(`The backup failed its integrity check: ${problem}`);
  }
  renameSync(partial, to);
  return { bytes: statSync(to).size, ms: Date.now() - started };
}

/** undefined when `PRAGMA integrity_check` says ok, else its first complaint. */
export function integrityProblem(file: string): string | undefined {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const first = rows[0]?.integrity_check;
    if (first !== 'ok') return first ?? 'no answer';
    const migrated = db.prepare("select count(*) as n from sqlite_master where name = 'kysely_migration'").get() as { n: number };
    return migrated.n === 1 ? undefined : 'not a Rotalink database (no migration table)';
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `target` with the backup `from`, refusing while any process uses it
 * (a running API node holds the companion lock, sqlite-node-lock.ts). The database it replaces
 * is kept beside it as `<target>.before-restore-<time>`, never deleted.
 */
export async function restoreSqlite(from: string, target: string): Promise<{ keptAs?: string }> {
  const problem = integrityProblem(from);
  if (problem) throw new Error(`Refusing to restore ${from}: ${problem}`);
  mkdirSync(dirname(target), { recursive: true });
  const lock = lockExclusive(target);
  if (!lock)
    throw new Error(
      `Refusing to restore: ${target} is in use (a running API node or a migration). Stop every node using it, then run the restore again.`,
    );
  try {
    const partial = `${target}.restoring`;
    rmSync(partial, { force: true });
    const source = new SQLite(from, { fileMustExist: true });
    try {
      await source.backup(partial, { progress: () => 2 ** 30 });
    } finally {
      source.close();
    }
    let keptAs: string | undefined;
    if (existsSync(target)) {
      // The old database's last writes may still sit in its WAL: fold them in before keeping it.
      const old = new SQLite(target);
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.pragma('journal_mode = DELETE');
      old.close();
      keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, keptAs);
    }
    for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
    renameSync(partial, target);
    return { keptAs };
  } finally {
    lock.release();
  }
}
