import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 12: the admin's member list is paged and searched on the server, at 100,000 members.
 *
 * Both engines: `users_members_newest_idx`, the members (not sub-profiles) in the list's order
 * (newest first, then id), with their email: a page is an index walk that stops after its rows,
 * and counting the members, or the members whose email holds a text too short for trigrams,
 * reads this index alone.
 *
 * The search (spec §9: the email, case-insensitively, any part of it):
 * - PostgreSQL: a `pg_trgm` GIN index on the members' emails, used by `ILIKE '%…%'`. The extension
 *   is created if the role may; if not, the migration carries on without the index (the search
 *   then scans, which still never blocks other requests: PostgreSQL runs it, not the event loop).
 * - SQLite: an FTS5 trigram table of the members' emails, kept by triggers. Its rows are keyed by
 *   `member_search.doc`, an INTEGER PRIMARY KEY (VACUUM may renumber a table's implicit rowids,
 *   never those), so a user's entry can be found and removed when the email changes or the
 *   member is deleted (also through a cascade). `member_search` has one row per member, which
 *   also makes counting the members cheap.
 * See docs/decisions/0052-member-search-indexes.md for the measurements behind the choice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_members_newest_idx on users (created_at desc, id, email) where parent_id is null`.execute(db);
  // 0001's index on parent_id held every member under NULL, and SQLite without statistics took
  // `parent_id IS NULL` for a selective lookup: it read all members through it, then sorted them.
  // Only sub-profiles are ever looked up by parent (their member's list, cascades).
  await sql`create index users_sub_profiles_idx on users (parent_id) where parent_id is not null`.execute(db);
  await sql`drop index users_parent_id_idx`.execute(db);
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  let schema = await trigramSchema(db);
  if (!schema) {
    // In `public`, not the current schema: an extension exists once per database, and the test
    // suites run each file in a schema of its own. A savepoint, so a refusal (no privilege, not
    // installed) or a concurrent creation does not abort the migration's transaction.
    await sql`savepoint rotalink_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint rotalink_trgm`.execute(db);
    } catch (err) {
      await sql`rollback to savepoint rotalink_trgm`.execute(db);
      console.warn(`pg_trgm could not be created (${(err as Error).message}); the admin's email search will scan the members`);
    }
    schema = await trigramSchema(db);
  }
  if (!schema) return;
  await sql`create index users_members_email_trgm_idx on users using gin (email ${sql.id(schema)}.gin_trgm_ops) where parent_id is null`.execute(
    db,
  );
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // One row per member: the stable key of its FTS entry, and a table `count(*)` reads without a
  // WHERE — SQLite's cell count, ~0.1 ms at 100,000 against 6 ms for counting index entries.
  await sql`create table member_search (doc integer primary key, user_id text not null unique)`.execute(db);
  await sql`create virtual table member_email_fts using fts5(email, tokenize = 'trigram')`.execute(db);
  await sql`
    create trigger member_search_insert after insert on users
    when new.parent_id is null
    begin
      insert into member_search (user_id) values (new.id);
      insert into member_email_fts (rowid, email) select doc, new.email from member_search where user_id = new.id and new.email is not null;
    end`.execute(db);
  await sql`
    create trigger member_search_update after update of email on users
    when new.parent_id is null
    begin
      delete from member_email_fts where rowid = (select doc from member_search where user_id = old.id);
      insert into member_email_fts (rowid, email) select doc, new.email from member_search where user_id = new.id and new.email is not null;
    end`.execute(db);
  await sql`
    create trigger member_search_delete after delete on users
    when old.parent_id is null
    begin
      delete from member_email_fts where rowid = (select doc from member_search where user_id = old.id);
      delete from member_search where user_id = old.id;
    end`.execute(db);
  await sql`insert into member_search (user_id) select id from users where parent_id is null order by created_at, id`.execute(db);
  await sql`
    insert into member_email_fts (rowid, email)
    select s.doc, u.email from member_search s join users u on u.id = s.user_id where u.email is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists users_members_email_trgm_idx`.execute(db);
  } else {
    for (const t of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`member_search_${t}`)}`.execute(db);
    await sql`drop table if exists member_email_fts`.execute(db);
    await sql`drop table if exists member_search`.execute(db);
  }
  await sql`create index users_parent_id_idx on users (parent_id)`.execute(db);
  await sql`drop index if exists users_sub_profiles_idx`.execute(db);
  await sql`drop index if exists users_members_newest_idx`.execute(db);
}
