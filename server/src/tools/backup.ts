import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { commandCwd, commandDatabaseUrl, runCommand } from './cli';
import { backupSqlite } from './sqlite-backup';

/**
 * `npm run backup -- --to FILE` (issue 28): an online backup of the SQLite database while the API
 * runs (sqlite-backup.ts). PostgreSQL is backed up with its own tools: docs/deploy.md.
 */
runCommand(async () => {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to) throw new Error('Usage: npm run backup -- --to FILE');
  const databaseUrl = commandDatabaseUrl();
  if (!databaseUrl.startsWith('sqlite:'))
    throw new Error('DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/deploy.md, "Backups"), not with this command');
  const to = resolve(commandCwd(), values.to);
  const { bytes, ms } = await backupSqlite(databaseUrl.slice('sqlite:'.length), to);
  console.log(`Backup written to ${to} (${bytes} bytes in ${ms} ms, integrity check ok)`);
});
