import { join, resolve } from 'node:path';
import { fail, int, str, type Env } from './config-values';

/** Issue 28: how a node is operated — shutdown bound, migration wait, the metrics listener. */
export interface OperationsConfig {
  /** SHUTDOWN_TIMEOUT_MS: SIGTERM to exit at most this long; what is still running then is cut off (exit 1). */
  shutdownTimeoutMs: number;
  /**
   * DRAIN_GRACE_MS: after SIGTERM, how long the node goes on taking connections while the proxy
   * notices its /readyz 503 (drain.ts). Kept below SHUTDOWN_TIMEOUT_MS.
   */
  drainGraceMs: number;
  /** MIGRATE_WAIT_MS: how long a starting node waits for another node's migration before giving up. */
  migrateWaitMs: number;
  /**
   * METRICS_PORT / METRICS_HOST: Prometheus /metrics on a listener of its own, never on the public
   * port (unset = no metrics at all). METRICS_HOST defaults to 127.0.0.1.
   */
  metrics: { port: number; host: string } | undefined;
}

/** DATABASE_URL, or the SQLite file under DATA_DIR; a relative SQLite path is taken from `cwd`. */
export function databaseUrlFrom(env: Env, cwd: string): string {
  const dataDir = resolve(cwd, str(env, 'DATA_DIR') ?? 'data');
  let databaseUrl = str(env, 'DATABASE_URL') ?? `sqlite:${join(dataDir, 'rotalink.db')}`;
  if (databaseUrl.startsWith('sqlite:') && databaseUrl !== 'sqlite::memory:') databaseUrl = `sqlite:${resolve(cwd, databaseUrl.slice(7))}`;
  if (!/^sqlite:.+/.test(databaseUrl) && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    fail('DATABASE_URL', `must be sqlite:PATH or postgres://…, got '${databaseUrl.replace(/:[^:@/]*@/, ':***@')}'`);
  }
  return databaseUrl;
}

export function loadOperationsConfig(env: Env, port: number): OperationsConfig {
  const metricsPort = str(env, 'METRICS_PORT') === undefined ? undefined : int(env, 'METRICS_PORT', 0, 0, 65535);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port)
    fail('METRICS_PORT', `must differ from PORT (${port}): metrics are never served on the public port`);
  const shutdownTimeoutMs = int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000);
  return {
    shutdownTimeoutMs,
    drainGraceMs: Math.min(int(env, 'DRAIN_GRACE_MS', 3_000, 0, 60_000), Math.floor(shutdownTimeoutMs / 2)),
    migrateWaitMs: int(env, 'MIGRATE_WAIT_MS', 600_000, 0, 86_400_000),
    metrics: metricsPort === undefined ? undefined : { port: metricsPort, host: str(env, 'METRICS_HOST') ?? '127.0.0.1' },
  };
}
