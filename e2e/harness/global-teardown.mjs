// Stops everything global-setup.mjs started: browser, front ends, control server, API.
import { rmSync } from 'node:fs';
import { closeServer, stopChild } from './stack.mjs';

export default async function globalTeardown() {
  const handles = globalThis.__ROTALINK_E2E__;
  if (!handles) return;
  globalThis.__ROTALINK_E2E__ = undefined;
  await handles.browser?.close().catch(() => undefined);
  for (const server of Object.values(handles.statics)) await closeServer(server).catch(() => undefined);
  await closeServer(handles.control?.server).catch(() => undefined);
  await stopChild(handles.api?.child);
  // Keep the temp dir (logs, outbox, database) when asked, to look at after a failure.
  if (!process.env.E2E_KEEP_TMP) rmSync(handles.tmp, { recursive: true, force: true });
}
