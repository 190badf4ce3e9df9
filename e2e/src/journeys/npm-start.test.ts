/**
 * `npm start` itself (scripts/start.mjs, DESIGN §3): started here on free ports with its own data
 * dir, it serves a product a person can use — the landing page through the shell, sign-up and
 * sign-in against its API (its own origins, its own config.json), the dashboard from mf-member —
 * and Ctrl-C stops all of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { stack } from '../support/stack';
import { freePort } from '../support/net';
import { uniqueEmail } from '../support/api';
import { eventually, expectPath } from '../support/ui';

let child: ChildProcess | undefined;
let dataDir: string | undefined;
const output: string[] = [];

afterAll(async () => {
  await closeVisitors();
  await disconnectBrowser();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGINT'); // what Ctrl-C sends
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('npm start serves the composed product on its own ports, and Ctrl-C stops it', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rotalink-e2e-start-'));
  const ports = {
    PORT: await freePort(),
    SHELL_PORT: await freePort(),
    PUBLIC_PORT: await freePort(),
    MEMBER_PORT: await freePort(),
    ADMIN_PORT: await freePort(),
  };
  child = spawn(process.execPath, [join(stack().root, 'scripts/start.mjs')], {
    cwd: stack().root,
    detached: true, // its own process group, so nothing it starts can outlive the test
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'rotalink.db')}`,
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      RATE_LIMIT_GLOBAL_PER_MIN: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const site = `http://localhost:${ports.SHELL_PORT}`;
  await eventually(() => expect(output.join('')).toContain(`Open ${site}`), 60_000, 250);

  const { page } = await newVisitor();
  await page.goto(site);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const served = (await (await fetch(`${site}/config.json`)).json()) as { apiBase: string; remotes: Record<string, string> };
  expect(served.remotes.mf_member).toBe(`http://localhost:${ports.MEMBER_PORT}/mf-manifest.json`);

  const email = uniqueEmail('npmstart');
  await page.goto(`${site}/signup`);
  await page.getByLabel('First name').fill('Stella');
  await page.getByLabel('Last name').fill('Start');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Start-pass-123');
  await page.getByRole('button', { name: /^sign up$/i }).click();
  await expectPath(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Start-pass-123');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/user');
  await page.getByText(email).first().waitFor();

  // Ctrl-C: every server it started is gone.
  const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  await exited;
  await eventually(
    async () => {
      const answers = await Promise.all(
        Object.values(ports).map((port) =>
          fetch(`http://127.0.0.1:${port}/`).then(
            () => port,
            () => null,
          ),
        ),
      );
      expect(answers.filter(Boolean)).toEqual([]);
    },
    10_000,
    250,
  );
}, 180_000);
