/**
 * A second release of one remote, built the way its team would: a copy of mf-member's sources
 * with one visible change (a "Release <BUILD_ID>" line above the dashboard), built with webpack
 * into a temp folder. Nothing in the checkout is touched, and nothing of the shell is rebuilt.
 */
import { execFile } from 'node:child_process';
import { cpSync, createReadStream, mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { stack } from './stack';

const run = promisify(execFile);

/** Builds the changed mf-member; returns its dist folder. Takes a while on 2 cores (production). */
export async function buildChangedMember(buildId: string): Promise<string> {
  const { root, tmp } = stack();
  const base = join(tmp, `redeploy-${buildId}`);
  const app = join(base, 'mf-member');
  mkdirSync(base, { recursive: true });
  // The copy resolves packages and the base tsconfig exactly as the original does.
  symlinkSync(join(root, 'node_modules'), join(base, 'node_modules'));
  copyFileSync(join(root, 'tsconfig.base.json'), join(base, 'tsconfig.base.json'));
  for (const entry of ['src', 'package.json', 'tsconfig.json', 'webpack.config.js']) {
    cpSync(join(root, 'mf-member', entry), join(app, entry), { recursive: true });
  }
  // The visible change: the exposed Dashboard (front-end contract path) gains a release line.
  const exposed = join(app, 'src/exposed');
  renameSync(join(exposed, 'dashboard.tsx'), join(exposed, 'dashboard-release-original.tsx'));
  writeFileSync(
    join(exposed, 'dashboard.tsx'),
    `import Original from './dashboard-release-original';\n` +
      `export default function Dashboard(props: Record<string, unknown>) {\n` +
      `  return (<><p data-e2e-release="">Release {process.env.BUILD_ID}</p><Original {...props} /></>);\n}\n`,
  );
  await run(process.execPath, [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: app,
    env: { ...process.env, BUILD_ID: buildId },
    timeout: 240_000,
    maxBuffer: 20 * 1024 * 1024,
  });
  return join(app, 'dist');
}

/** sha256 of every file under dir, by relative path: "byte-identical" made checkable. */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(full)) hash.update(chunk as Buffer);
        out[relative(dir, full)] = hash.digest('hex');
      }
    }
  };
  await walk(dir);
  return out;
}
