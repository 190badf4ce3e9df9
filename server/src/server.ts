import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { ensureAdmin } from './modules/admin/ensure-admin';

// Decision 0073: with allocation-site pretenuring, V8 starts putting pg's result rows straight
// into the old generation once the API has served PostgreSQL reads for a while, and a CSV export
// of a million rows then left +78 to +107 MB of dead pages until a full collection. Without it the
// same export grows the heap 5-12 MB; the click and read paths measured the same either way
// (interleaved A/B, 2026-11-26). Set at start, before any request; V8 consults it when it
// processes its pretenuring feedback at each collection.
setFlagsFromString('--no-allocation-site-pretenuring');

/** Only listens (CONVENTIONS 1): config, migrations, admin account, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { db, engine, close } = connect(config.databaseUrl);
  await migrateToLatest(db);
  await ensureAdmin(db, config.adminUsername, config.adminPassword);
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : `${engine} (DATABASE_URL)`;
  console.log(`Rotalink API listening on ${address} (database: ${where})`);
  console.log(`OpenAPI: ${address}/docs/json`);
  console.log(
    config.adminPasswordGenerated
      ? `Admin login: username '${config.adminUsername}', password '${config.adminPassword}' (generated, kept in ${config.dataDir}/admin-password; set ADMIN_PASSWORD to choose one)`
      : `Admin login: username '${config.adminUsername}', password from ADMIN_PASSWORD`,
  );
}

main().catch((err: unknown) => {
  console.error(`Rotalink API failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
