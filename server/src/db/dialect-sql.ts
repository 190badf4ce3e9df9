import { PostgresAdapter, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx, Engine } from './database';

/**
 * The ONE file where SQLite and PostgreSQL differ (CONVENTIONS 8). Everything else is portable
 * Kysely. Keep additions here small and tested on both engines (test/helpers.ts `engines`).
 */
export function engineOf(db: DbOrTrx): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Row lock inside a transaction. PostgreSQL: SELECT … FOR UPDATE. SQLite has no row locks and
 * needs none: better-sqlite3 has one connection and Kysely serialises its transactions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: DbOrTrx, qb: QB): QB {
  return engineOf(db) === 'postgres' ? (qb.forUpdate() as QB) : qb;
}

/**
 * The profile's `users` row locked for the transaction (PostgreSQL `FOR NO KEY UPDATE`; SQLite
 * serialises transactions): the one lock everything that changes several rows of a profile's
 * queue takes first — adds, reorders, the rotator (issue 14). Not `FOR UPDATE`: that would also
 * wait for the foreign-key checks (`FOR KEY SHARE`) of a click's event insert in a group-commit
 * batch that already holds one of the profile's link rows, a lock cycle with two API nodes.
 */
export async function lockProfileRow(db: DbOrTrx, userId: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Rows picked for a queue worker (the outbox, issue 16). PostgreSQL: `FOR UPDATE SKIP LOCKED`, so
 * workers on several nodes claiming at once take different rows without waiting on each other.
 * SQLite: one writer at a time, nothing to skip.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function skipLockedForUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: DbOrTrx, qb: QB): QB {
  return engineOf(db) === 'postgres' ? (qb.forUpdate().skipLocked() as QB) : qb;
}

/** A UNIQUE constraint refused the write (e.g. an email already taken by a concurrent signup). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A FOREIGN KEY refused the write: what it pointed at was deleted meanwhile (an account deleted
 * while one of its own calls ran). PostgreSQL 23503; SQLite with foreign_keys on.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * PostgreSQL: the schema new tables land in (first of search_path). The migrator needs it named,
 * or its "does the table exist" check also sees other schemas' migration tables.
 */
export async function currentSchema(db: DbOrTrx): Promise<string | undefined> {
  if (engineOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** A LIKE pattern for "contains `text`", its own `%`, `_` and `\` escaped (with `escape '\'`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` contains `text`, case-insensitively (spec §9's email search): PostgreSQL `ILIKE` (which
 * the pg_trgm index of migration 0007 serves), SQLite `LIKE` (case-insensitive for ASCII already).
 */
export function containsIgnoringCase(db: DbOrTrx, column: string, text: string): RawBuilder<SqlBool> {
  const op = engineOf(db) === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<SqlBool>`${sql.ref(column)} ${op} ${containsPattern(text)} escape '\\'`;
}

/**
 * The admin's search (spec §9, and by name since issue 29): the member's email or "first last"
 * contains `text`, case-insensitively. On PostgreSQL migrations 0007 and 0030 index both sides of
 * the OR with pg_trgm.
 */
export function memberContains(db: DbOrTrx, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${containsIgnoringCase(db, 'u.email', text)} or ${containsIgnoringCaseRaw(db, sql`u.first_name || ' ' || u.last_name`, text)})`;
}

function containsIgnoringCaseRaw(db: DbOrTrx, expression: RawBuilder<unknown>, text: string): RawBuilder<SqlBool> {
  const op = engineOf(db) === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<SqlBool>`(${expression}) ${op} ${containsPattern(text)} escape '\\'`;
}

/**
 * SQLite, issue 12: the members whose email (or, issue 29, name) contains `text`, from the FTS5
 * trigram tables of migrations 0007 and 0030 (`text` of at least 3 characters: a trigram). One
 * quoted phrase: its trigrams in a row, i.e. "contains", whatever characters it holds.
 */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
export const TRIGRAM = 3;

const matchingDocs = (text: string) =>
  sql`select rowid from member_email_fts where member_email_fts match ${ftsPhrase(text)}
      union select rowid from member_name_fts where member_name_fts match ${ftsPhrase(text)}`;

export function sqliteMembersMatching(text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`u.id in (select s.user_id from member_search s where s.doc in (${matchingDocs(text)}))`;
}

export async function sqliteCountMembersMatching(db: DbOrTrx, text: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${matchingDocs(text)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** SQLite: every member, counted on migration 0007's one-row-per-member table (no WHERE: a cell count). */
export async function sqliteCountMembers(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from member_search`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite: members whose email or name contains a text too short for trigrams, counted along the
 * members' index (the names are read from the rows: issue 29).
 */
export async function sqliteCountMembersLike(db: DbOrTrx, text: string): Promise<number> {
  const pattern = containsPattern(text);
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from users indexed by users_members_newest_idx
    where parent_id is null and (email like ${pattern} escape '\\' or (first_name || ' ' || last_name) like ${pattern} escape '\\')`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A lock on a name for the rest of the transaction (issue 32: claims of look-alike handles, which
 * no unique index can refuse, wait for each other). PostgreSQL: a transaction-level advisory lock
 * on the name's hash; SQLite serialises transactions already.
 */
export async function lockName(db: DbOrTrx, name: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(db);
}
