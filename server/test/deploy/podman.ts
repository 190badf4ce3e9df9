import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../../..');
export const BASE_IMAGE = process.env.DEPLOY_BASE_IMAGE ?? 'localhost/rotalink-node-base:20-bookworm';
export const API_IMAGE = process.env.DEPLOY_API_IMAGE ?? 'localhost/rotalink-api:test';
const RUNTIME = ['--runtime', '/usr/sbin/runc'];

/** Runs a command; resolves with its exit code and output (never rejects). */
export function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 600_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) || 1 : 0, out: `${stdout}${stderr}` }),
    );
  });
}

export async function podman(args: string[], timeoutMs?: number): Promise<string> {
  const { code, out } = await run('podman', [...RUNTIME, ...args], { timeoutMs });
  if (code !== 0) throw new Error(`podman ${args.join(' ')} failed (${code}):\n${out.slice(-3000)}`);
  return out;
}

/** Fails loudly when the container tools are missing: a deploy test that cannot run must not pass. */
export function requireTools(): void {
  for (const tool of ['podman', 'caddy']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`test:deploy needs ${tool} (apt-get install -y podman runc caddy debootstrap; see docs/deploy.md)`);
  }
  if (!existsSync('/usr/sbin/runc')) throw new Error('test:deploy needs runc at /usr/sbin/runc (apt-get install -y runc)');
  for (const dist of ['shell', 'mf-public', 'mf-member', 'mf-admin'])
    if (!existsSync(join(ROOT, dist, 'dist', 'index.html'))) throw new Error(`test:deploy serves ${dist}/dist: run npm run build first`);
}

/** The local base (deploy/base-image.sh, kept when present), then the API image from deploy/Dockerfile. */
export async function buildImages(log: (line: string) => void): Promise<void> {
  const base = await run('bash', [join(ROOT, 'deploy/base-image.sh'), BASE_IMAGE], { timeoutMs: 3_600_000 });
  if (base.code !== 0) throw new Error(`deploy/base-image.sh failed:\n${base.out.slice(-3000)}`);
  log(base.out.trim().split('\n').pop() ?? '');
  // DEPLOY_API_IMAGE_PREBUILT=1: reuse an API image built from this tree (a local re-run; CI builds).
  if (process.env.DEPLOY_API_IMAGE_PREBUILT === '1') return log(`API image ${API_IMAGE} reused (DEPLOY_API_IMAGE_PREBUILT)`);
  const args = ['build', '--network', 'host', '--format', 'docker', '-f', join(ROOT, 'deploy/Dockerfile'), '-t', API_IMAGE];
  args.push('--build-arg', `NODE_IMAGE=${BASE_IMAGE}`, '--build-arg', 'npm_config_build_from_source=true');
  // Where the registry is reached through a TLS-inspecting proxy, the build trusts what this machine trusts.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca && existsSync(ca)) args.push('-v', `${ca}:${ca}:ro`, '--build-arg', `NODE_EXTRA_CA_CERTS=${ca}`);
  const started = Date.now();
  await podman([...args, ROOT], 1_800_000);
  log(`API image ${API_IMAGE} built in ${Math.round((Date.now() - started) / 1000)} s`);
}
