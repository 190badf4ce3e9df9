import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 33 (decision 0145): a payment record outlives the account that made it. Bookkeeping must
 * keep what was paid, when and through which provider session; the account's deletion only
 * empties `user_id` (ON DELETE SET NULL), so no payment row names a person any more. Before, the
 * cascade deleted the payments with the account.
 * PostgreSQL changes the column and its foreign key in place; SQLite cannot change a foreign key,
 * so its table is rebuilt (nothing references payments, so dropping the old one deletes nothing else).
 */
const COLUMNS = 'id, user_id, provider, amount_cents, currency, status, created_at, paid_at, refund_status, refunded_at';

async function rebuildSqlite(db: Kysely<unknown>, userId: 'nullable' | 'required'): Promise<void> {
  const ref =
    userId === 'nullable'
      ? 'user_id text references users(id) on delete set null'
      : 'user_id text not null references users(id) on delete cascade';
  await sql`alter table payments rename to payments_before`.execute(db);
  await sql
    .raw(
      `create table payments (id text primary key, ${ref}, provider text not null, amount_cents integer not null,
       currency text not null, status text not null, created_at text not null, paid_at text, refund_status text, refunded_at text)`,
    )
    .execute(db);
  const keep = userId === 'required' ? ' where user_id is not null' : '';
  await sql.raw(`insert into payments (${COLUMNS}) select ${COLUMNS} from payments_before${keep}`).execute(db);
  // Its indexes go with it, so the new table's can take their names.
  await sql`drop table payments_before`.execute(db);
  await db.schema.createIndex('payments_user_idx').on('payments').column('user_id').execute();
  await db.schema
    .createIndex('payments_refund_due_idx')
    .on('payments')
    .column('created_at')
    .where(sql.ref('refund_status'), '=', 'due')
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    await sql`alter table payments alter column user_id drop not null`.execute(db);
    await sql`alter table payments drop constraint payments_user_id_fkey`.execute(db);
    await sql`alter table payments add constraint payments_user_id_fkey foreign key (user_id) references users(id) on delete set null`.execute(
      db,
    );
  } else {
    await rebuildSqlite(db, 'nullable');
  }
}

/** Back to the cascade; the payments of deleted accounts cannot be kept by that schema and go. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    await sql`delete from payments where user_id is null`.execute(db);
    await sql`alter table payments drop constraint payments_user_id_fkey`.execute(db);
    await sql`alter table payments add constraint payments_user_id_fkey foreign key (user_id) references users(id) on delete cascade`.execute(
      db,
    );
    await sql`alter table payments alter column user_id set not null`.execute(db);
  } else {
    await rebuildSqlite(db, 'required');
  }
}
