import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PostgreSQL test schema reached through the connection string (libpq's `options`), for a child process. */
export function childDatabaseUrl(opened: { databaseUrl: string; searchPath?: string }): string {
  if (!opened.searchPath) return opened.databaseUrl;
  const sep = opened.databaseUrl.includes('?') ? '&' : '?';
  return `${opened.databaseUrl}${sep}options=${encodeURIComponent(`-c search_path=${opened.searchPath}`)}`;
}

/** The environment of an API process under test: no rate limits (one test address clicks a lot), no link checks. */
export function apiEnv(databaseUrl: string, extra: Record<string, string> = {}): { env: Record<string, string>; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'rotalink-ops-'));
  return {
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password-for-tests',
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      RATE_LIMIT_CLICKS_PER_MIN: '0',
      RATE_LIMIT_GLOBAL_PER_MIN: '0',
      LINK_CHECK_INTERVAL: 'off',
      LOG_LEVEL: 'info',
      ...extra,
    },
  };
}
