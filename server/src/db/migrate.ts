import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { currentSchema } from './dialect-sql';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-links-queue-index';

/** Migrations are listed in code (not read from disk) so ts-jest and the built dist run the same set. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-links-queue-index': m0002,
};

/** The same list, for tests that step migrations down and up. */
export const migrationsForTests: Readonly<Record<string, Migration>> = migrations;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `'${failed.migrationName}' ` : ''}failed: ${reason}`);
  }
}
