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

/**
 * The local base and the API image (deploy/build-images.sh). DEPLOY_API_IMAGE_PREBUILT=1: the images
 * were built from this tree already (.ci/run builds them in the background while other stages run).
 */
export async function buildImages(log: (line: string) => void): Promise<void> {
  if (process.env.DEPLOY_API_IMAGE_PREBUILT === '1') {
    await podman(['image', 'exists', API_IMAGE]).catch(() => {
      throw new Error(`DEPLOY_API_IMAGE_PREBUILT=1 but ${API_IMAGE} is not there: run deploy/build-images.sh`);
    });
    return log(`API image ${API_IMAGE} reused (DEPLOY_API_IMAGE_PREBUILT)`);
  }
  const env = { ...process.env, DEPLOY_BASE_IMAGE: BASE_IMAGE, DEPLOY_API_IMAGE: API_IMAGE };
  const built = await run('bash', [join(ROOT, 'deploy/build-images.sh')], { env, timeoutMs: 3_600_000 });
  if (built.code !== 0) throw new Error(`deploy/build-images.sh failed:\n${built.out.slice(-3000)}`);
  log(built.out.trim().split('\n').pop() ?? '');
}
