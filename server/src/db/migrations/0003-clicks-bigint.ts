import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Clicks in 64-bit integers (issue 11): on PostgreSQL `integer` is 32-bit, so an unlimited link
 * failed with 500 past 2,147,483,647 clicks. SQLite's INTEGER is already 64-bit: nothing to do there.
 * max_clicks follows so a cap can be compared with any count. Rewrites the links table: the
 * statement timeout is lifted for this transaction only.
 *
 * Nodes still running the previous build hold the click statement prepared with the old result
 * type: their next click on such a connection fails once ("cached plan must not change result
 * type", answered 503) and the connection is replaced (db/pg-prepared.ts).
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`alter table links alter column clicks type bigint, alter column max_clicks type bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`alter table links alter column clicks type integer, alter column max_clicks type integer`.execute(db);
}
