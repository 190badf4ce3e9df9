import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openTestDb, testConfig } from '../../../test/helpers';

/**
 * An app (SQLite) whose mail server cannot be reached (SMTP on port 1), with its log lines
 * captured: for proving that a mail failure is logged and never fails the request that caused it.
 */
export function useAppWithDeadMailServer(): { app: () => FastifyInstance; logs: Array<Record<string, unknown>> } {
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  let cleanup: () => Promise<void>;
  let dir: string;
  const logs: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rotalink-deadmail-'));
    const opened = await openTestDb('sqlite');
    closeDb = opened.handle.close;
    cleanup = opened.cleanup;
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_OUTBOX_DIR: dir }),
      db: opened.handle.db,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app: () => app, logs };
}

/** Waits until a log line with this message appears (mail goes out after the answer). */
export async function waitForLog(logs: Array<Record<string, unknown>>, msg: string, timeoutMs = 5000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = logs.find((l) => l.msg === msg);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no log line '${msg}'`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
