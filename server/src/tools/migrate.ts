import { int } from '../config-values';
import { connect } from '../db/connect';
import { migrateOnce } from '../db/migrate-once';
import { commandDatabaseUrl, runCommand } from './cli';

/**
 * `npm run migrate` (issue 28): brings the database to the latest schema and exits, for a
 * one-shot job before a rolling upgrade. Takes the same lock as a starting API node, so it may run
 * while nodes start: whoever comes second finds nothing left to do.
 */
runCommand(async () => {
  const databaseUrl = commandDatabaseUrl();
  const waitMs = int(process.env, 'MIGRATE_WAIT_MS', 600_000, 0, 86_400_000);
  const { db, close } = connect(databaseUrl, { timeoutMs: waitMs, poolMax: 1, applicationName: 'rotalink-migrate' });
  try {
    const ran = await migrateOnce(db, { databaseUrl, waitMs, onWait: () => console.log('Another process is migrating: waiting for it') });
    console.log(ran.length ? `Migrated: ${ran.join(', ')}` : 'The database is up to date: nothing to migrate');
  } finally {
    await close();
  }
});
