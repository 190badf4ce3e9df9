import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { currentSchema } from './dialect-sql';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-links-queue-index';
import * as m0003 from './migrations/0003-clicks-bigint';
import * as m0005 from './migrations/0005-email-changes';
import * as m0006 from './migrations/0006-rotator-and-click-events';
import * as m0007 from './migrations/0007-admin-member-search';
import * as m0008 from './migrations/0008-outbox-jobs-link-health';
import * as m0009 from './migrations/0009-click-rollups';
import * as m0011 from './migrations/0011-coarse-click-rollups';
import * as m0012 from './migrations/0012-payment-refunds';
import * as m0030 from './migrations/0030-admin-name-search';
import * as m0040 from './migrations/0040-api-keys';
import * as m0041 from './migrations/0041-idempotency-keys';
import * as m0045 from './migrations/0045-webhooks';
import * as m0050 from './migrations/0050-sub-profile-email-pending';
import * as m0051 from './migrations/0051-audit-events';
import * as m0052 from './migrations/0052-sessions';
import * as m0053 from './migrations/0053-admin-two-factor';
import * as m0054 from './migrations/0054-payments-outlive-the-account';
import * as m0060 from './migrations/0060-conversions';
import * as m0070 from './migrations/0070-handles-and-domains';

/** Migrations are listed in code (not read from disk) so ts-jest and the built dist run the same set. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-links-queue-index': m0002,
  '0003-clicks-bigint': m0003,
  '0005-email-changes': m0005,
  '0006-rotator-and-click-events': m0006,
  '0007-admin-member-search': m0007,
  '0008-outbox-jobs-link-health': m0008,
  '0009-click-rollups': m0009,
  '0011-coarse-click-rollups': m0011,
  '0012-payment-refunds': m0012,
  '0030-admin-name-search': m0030,
  '0040-api-keys': m0040,
  '0041-idempotency-keys': m0041,
  '0045-webhooks': m0045,
  '0050-sub-profile-email-pending': m0050,
  '0051-audit-events': m0051,
  '0052-sessions': m0052,
  '0053-admin-two-factor': m0053,
  '0054-payments-outlive-the-account': m0054,
  '0060-conversions': m0060,
  '0070-handles-and-domains': m0070,
};

/** The same list, for tests that step migrations down and up. */
export const migrationsForTests: Readonly<Record<string, Migration>> = migrations;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date and names the migrations it ran; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const schema = await currentSchema(db);
  // Migration numbers are handed out per line of work, which land in any order: a database that
  // already ran 0005 must still run a 0003 that arrives later. Each migration stands alone.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `'${failed.migrationName}' ` : ''}failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
