import type { Db } from './database';
import type { CommittedWrites } from './committed-writes';

/**
 * What a database opened by connect() offers to whoever keeps copies of its data (issue 12: the
 * public answer cache): this process's own committed writes, and how to hear of other
 * processes' writes.
 */
export interface ChangeSource {
  /** This process's committed writes to the tables a keeper of copies watches (db/watched-dialect.ts). */
  writes: CommittedWrites;
  /** SQLite: PRAGMA data_version of the write connection, which moves when another process commits. */
  sqliteDataVersion?: () => number;
  /** PostgreSQL: where to open a connection that LISTENs for other nodes' writes. */
  postgres?: { connectionString: string; searchPath?: string; timeoutMs: number; applicationName: string };
}

const sources = new WeakMap<Db, ChangeSource>();

export function registerChangeSource(db: Db, source: ChangeSource): void {
  sources.set(db, source);
}

/** Undefined for a database not opened by connect(): nothing can be cached safely. */
export function changeSourceOf(db: Db): ChangeSource | undefined {
  return sources.get(db);
}
