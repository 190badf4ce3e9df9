import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 29: the admin's search finds members by name ("first last") as well as by email.
 *
 * - PostgreSQL: a `pg_trgm` GIN index on `first_name || ' ' || last_name` of the members, beside
 *   0007's one on the email (when the extension exists; without it the search scans, as 0007 says).
 * - SQLite: a second FTS5 trigram table, `member_name_fts`, keyed like 0007's email table by
 *   `member_search.doc`. 0007's triggers are replaced by ones that keep both tables, in one body
 *   each, so the order in which SQLite fires triggers never matters.
 */
const NAME = sql`first_name || ' ' || last_name`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = rows[0]?.schema;
    if (schema) {
      await sql`create index users_members_name_trgm_idx on users using gin ((${NAME}) ${sql.id(schema)}.gin_trgm_ops) where parent_id is null`.execute(
        db,
      );
    }
    return;
  }
  // One transaction: it holds the write connection, so no statement here is taken for a read and
  // sent to the read connection (sqlite-driver.ts), whose cached schema may not know 0007's
  // triggers yet when both run in the same start: there "drop trigger if exists" is a no-op.
  await db.transaction().execute((trx) => upSqlite(trx));
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`member_search_${t}`)}`.execute(db);
  await sql`create virtual table member_name_fts using fts5(name, tokenize = 'trigram')`.execute(db);
  await sql`
    create trigger member_search_insert after insert on users
    when new.parent_id is null
    begin
      insert into member_search (user_id) values (new.id);
      insert into member_email_fts (rowid, email) select doc, new.email from member_search where user_id = new.id and new.email is not null;
      insert into member_name_fts (rowid, name) select doc, new.first_name || ' ' || new.last_name from member_search where user_id = new.id;
    end`.execute(db);
  await sql`
    create trigger member_search_update after update of email on users
    when new.parent_id is null
    begin
      delete from member_email_fts where rowid = (select doc from member_search where user_id = old.id);
      insert into member_email_fts (rowid, email) select doc, new.email from member_search where user_id = new.id and new.email is not null;
    end`.execute(db);
  await sql`
    create trigger member_search_update_name after update of first_name, last_name on users
    when new.parent_id is null
    begin
      delete from member_name_fts where rowid = (select doc from member_search where user_id = old.id);
      insert into member_name_fts (rowid, name) select doc, new.first_name || ' ' || new.last_name from member_search where user_id = new.id;
    end`.execute(db);
  await sql`
    create trigger member_search_delete after delete on users
    when old.parent_id is null
    begin
      delete from member_email_fts where rowid = (select doc from member_search where user_id = old.id);
      delete from member_name_fts where rowid = (select doc from member_search where user_id = old.id);
      delete from member_search where user_id = old.id;
    end`.execute(db);
  await sql`
    insert into member_name_fts (rowid, name)
    select s.doc, u.first_name || ' ' || u.last_name from member_search s join users u on u.id = s.user_id`.execute(db);
}

/** Back to 0007: its triggers as they were, no name table or index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    await sql`drop index if exists users_members_name_trgm_idx`.execute(db);
    return;
  }
  await db.transaction().execute((trx) => downSqlite(trx));
}

async function downSqlite(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'update', 'update_name', 'delete'])
    await sql`drop trigger if exists ${sql.id(`member_search_${t}`)}`.execute(db);
  await sql`drop table if exists member_name_fts`.execute(db);
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
}
