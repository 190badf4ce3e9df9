/**
 * Which errors mean "the database (or the network to it) is away", as opposed to a bug. These
 * become 503 `{ code: 'unavailable' }` (errors.ts) — the client may try again shortly — instead of
 * a 500 with a stack trace in the log. Everything not listed stays a 500: a bug must not hide
 * behind "try again".
 */

/** PostgreSQL SQLSTATEs of an unreachable, restarting, overloaded or timed-out server. */
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
  '53300', // too_many_connections
  '53200', // out_of_memory
  '53100', // disk_full
  '40P01', // deadlock_detected (after the retries of db/retry.ts)
  '40001', // serialization_failure (same)
]);

/** Node's network error codes for a peer that is not there. */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** pg and pg-pool raise these as plain Errors without a code. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end/,
  // A rolling deploy: another node's migration changed a column type under a prepared plan (pg-prepared.ts).
  /cached plan must not change result type/,
];

/** SQLite: another connection holds the lock past our wait, or the disk refuses the write. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR)/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE.has(code) || code.startsWith('08') || NET_UNAVAILABLE.has(code) || SQLITE_UNAVAILABLE.test(code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string))) return true;
  // ECONNREFUSED on both ::1 and 127.0.0.1 arrives as an AggregateError of the two.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** A write waited for SQLite's lock longer than DB_TIMEOUT_MS (db/sqlite-driver.ts). */
export class SqliteLockTimeout extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor(waitedMs: number) {
    super(`database is locked (waited ${waitedMs} ms for the write lock)`);
    this.name = 'SqliteLockTimeout';
  }
}
