import type { Kysely, Transaction } from 'kysely';
import type { UsersTable } from '../modules/users/users.table';
import type { LinksTable } from '../modules/links/links.table';
import type { AdminsTable } from '../modules/admin/admins.table';
import type { PasswordResetsTable } from './tables/password-resets.table';
import type { PaymentsTable } from './tables/payments.table';

/** The database type, assembled from each feature's table file (CONVENTIONS 4). */
export interface Database {
  users: UsersTable;
  links: LinksTable;
  admins: AdminsTable;
  password_resets: PasswordResetsTable;
  payments: PaymentsTable;
}

export type Db = Kysely<Database>;
/** Repository functions take either the database or an open transaction as their first argument. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';
