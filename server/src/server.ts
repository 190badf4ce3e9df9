import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { ensureAdmin } from './modules/admin/ensure-admin';

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
