import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../faults/api-process';
import { API_IMAGE, podman, ROOT } from './podman';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiNode {
  name: string;
  port: number;
  metricsPort: number;
  url: string;
}

/** Two API containers (host network, ports of their own) on the given environment. */
export async function startApiNodes(tag: string, env: Record<string, string>, count = 2): Promise<ApiNode[]> {
  const nodes: ApiNode[] = [];
  for (let i = 1; i <= count; i++) {
    const port = await freePort();
    const metricsPort = await freePort();
    const name = `rotalink-deploy-${tag}-api-${i}`;
    const envArgs = Object.entries({ ...env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) }).flatMap(
      ([k, v]) => ['-e', `${k}=${v}`],
    );
    // The proxy probes /readyz itself; podman's own health timer needs systemd, absent in CI containers.
    await podman(['run', '-d', '--name', name, '--network', 'host', '--no-healthcheck', ...envArgs, API_IMAGE]);
    nodes.push({ name, port, metricsPort, url: `http://127.0.0.1:${port}` });
  }
  return nodes;
}

/** Resolves when `url` answers 200 (or throws after `ms`, with `why()` in the message). */
export async function waitFor200(url: string, ms: number, why: () => Promise<string> = async () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${ms} ms\n${await why()}`);
    await sleep(250);
  }
}

export const containerLogs = async (name: string, lines = 30) =>
  podman(['logs', '--tail', String(lines), name]).catch((e: Error) => e.message);

export interface Proxy {
  site: string;
  remotes: { public: string; member: string; admin: string };
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Caddy with deploy/Caddyfile in front of the nodes, serving the built front ends as compose would. */
export async function startProxy(nodes: ApiNode[]): Promise<Proxy> {
  const [site, pub, member, admin, adminApi, http, https] = await Promise.all(Array.from({ length: 7 }, () => freePort()));
  const dir = mkdtempSync(join(tmpdir(), 'rotalink-proxy-'));
  const front = join(dir, 'srv');
  mkdirSync(front);
  for (const app of ['shell', 'mf-public', 'mf-member', 'mf-admin']) symlinkSync(join(ROOT, app, 'dist'), join(front, app));
  const origin = (p: number) => `http://127.0.0.1:${p}`;
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      apiBase: origin(site),
      remotes: {
        mf_public: `${origin(pub)}/mf-manifest.json`,
        mf_member: `${origin(member)}/mf-manifest.json`,
        mf_admin: `${origin(admin)}/mf-manifest.json`,
      },
    }),
  );
  let output = '';
  const child = spawn('caddy', ['run', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      SITE_PORT: String(site),
      PUBLIC_PORT: String(pub),
      MEMBER_PORT: String(member),
      ADMIN_PORT: String(admin),
      // Members' custom domains (issue 32) listen here; this test uses none.
      HTTP_PORT: String(http),
      HTTPS_PORT: String(https),
      CADDY_ADMIN: `127.0.0.1:${adminApi}`,
      CADDY_LOG_LEVEL: 'INFO',
      API_UPSTREAMS: nodes.map((n) => `127.0.0.1:${n.port}`).join(' '),
      FRONT_ROOT: front,
      CONFIG_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor200(`${origin(site)}/config.json`, 30_000, async () => output.slice(-2000));
  return {
    site: origin(site),
    remotes: { public: origin(pub), member: origin(member), admin: origin(admin) },
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
