import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect } from './db/connect';
import { migrateOnce } from './db/migrate-once';
import { holdInUse } from './db/sqlite-node-lock';
import { drainAndClose } from './http/drain';
import { startMetricsServer } from './metrics/metrics-server';
import { ensureAdmin } from './modules/admin/ensure-admin';

// Decision 0073: with allocation-site pretenuring, V8 starts putting pg's result rows straight
// into the old generation once the API has served PostgreSQL reads for a while, and a CSV export
// of a million rows then left +78 to +107 MB of dead pages until a full collection. Without it the
// same export grows the heap 5-12 MB; the click and read paths measured the same either way
// (interleaved A/B, 2026-11-26). Set at start, before any request; V8 consults it when it
// processes its pretenuring feedback at each collection.
setFlagsFromString('--no-allocation-site-pretenuring');

/** Only listens (CONVENTIONS 1): config, migrations (once across nodes), admin account, listen, drain on SIGTERM (issue 28). */
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

  // Migrations and the admin account go through a connection of their own whose statements may
  // run long (a migration rewriting a big table), then it is closed: the API opens its own.
  const setup = connect(config.databaseUrl, {
    timeoutMs: Math.max(config.timeouts.dbMs, config.migrateWaitMs),
    poolMax: 1,
    applicationName: 'rotalink-migrate',
  });
  const engine = setup.engine;
  // SQLite: marks the file as in use while this process lives (before migrating, so a restore
  // cannot slip in between), and `npm run restore` refuses it.
  // Kept referenced until exit: a collected connection would let its lock go.
  const inUse =
    engine === 'sqlite' && config.databaseUrl !== 'sqlite::memory:' ? holdInUse(config.databaseUrl.slice('sqlite:'.length)) : undefined;
  try {
    await migrateOnce(setup.db, {
      databaseUrl: config.databaseUrl,
      waitMs: config.migrateWaitMs,
      onWait: () => console.log('Another node is migrating the database: waiting for it to finish'),
    });
    await ensureAdmin(setup.db, config.adminUsername, config.adminPassword);
  } finally {
    await setup.close();
  }
  const app = await buildApp({ config });

  let closing = false;
  let metricsServer: import('node:http').Server | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal, boundMs: config.shutdownTimeoutMs }, 'draining: /readyz answers 503, no new connections');
    const force = setTimeout(() => {
      app.log.error({ afterMs: Date.now() - started }, 'drain not finished within SHUTDOWN_TIMEOUT_MS: exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await drainAndClose(app, app.drain, config.drainGraceMs);
      metricsServer?.closeAllConnections();
      metricsServer?.close();
      inUse?.release();
      app.log.info({ ms: Date.now() - started }, 'drained: every request answered, clicks committed, leases given back');
    } catch (err) {
      app.log.error({ err }, 'drain failed');
      process.exitCode = 1;
    } finally {
      process.exit();
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (config.metrics && app.metrics) {
    const { server, url } = await startMetricsServer(app.metrics, config.metrics.host, config.metrics.port);
    metricsServer = server;
    console.log(`Metrics (Prometheus): ${url}`);
  }
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
