import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { commandCwd, commandDatabaseUrl, runCommand } from './cli';
import { restoreSqlite } from './sqlite-backup';

/**
 * `npm run restore -- --from FILE` (issue 28): puts a backup of `npm run backup` in place of the
 * SQLite database, refusing while an API node (or a migration) uses it. PostgreSQL: pg_restore,
 * docs/deploy.md.
 */
runCommand(async () => {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  if (!values.from) throw new Error('Usage: npm run restore -- --from FILE');
  const databaseUrl = commandDatabaseUrl();
  if (!databaseUrl.startsWith('sqlite:'))
    throw new Error('DATABASE_URL is PostgreSQL: restore it with pg_restore (docs/deploy.md, "Backups"), not with this command');
  const target = databaseUrl.slice('sqlite:'.length);
  const { keptAs } = await restoreSqlite(resolve(commandCwd(), values.from), target);
  console.log(`Restored ${target} from ${values.from}${keptAs ? ` (the database it replaced is kept as ${keptAs})` : ''}`);
});
