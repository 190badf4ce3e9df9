/**
 * Issue 26's skew matrix: builds of ONE app as its team would make them, against another version
 * of shared-api or of the session kernel than the rest of the deployed site has. Each build runs in
 * a temp workspace whose node_modules is the checkout's, except the @rotalink packages replaced by
 * patched copies (TypeScript sources, no build step); nothing in the checkout is touched, and the
 * other apps' dist folders are served as they are (the tests hash them before and after).
 *
 * Builds are small and cached: webpack's `--env quick` (production code without source maps or
 * precompressed copies) with its filesystem cache, in a fixed folder per checkout and cell under the
 * system's temp dir (`rotalink-skew-builds/`; outside the repository, so no linter or jest project
 * walks the copies; CI may keep it between runs). Sources are copied with their timestamps, so a
 * second run rebuilds only the patched files.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stack } from './stack';

const run = promisify(execFile);
type Pkg = 'shared-api' | 'session-kernel';
type App = 'shell' | 'mf-member';

/** A copy of a workspace package that webpack reads from source; `patch` edits it in place. */
function copyPackage(base: string, name: Pkg, version: string, patch: (dir: string) => void): string {
  const { root } = stack();
  const dir = join(base, 'packages', name);
  mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'package.json', 'tsconfig.json', 'exports.json']) {
    if (existsSync(join(root, name, entry)))
      cpSync(join(root, name, entry), join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const entries = name === 'shared-api' ? ['contract', 'paths', 'rules', 'live'] : [];
  pkg.version = version;
  pkg.module = './src/index.ts';
  pkg.main = './src/index.ts';
  pkg.exports = Object.fromEntries([
    ['.', './src/index.ts'],
    ...entries.map((e) => [`./${e}`, `./src/${e}/index.ts`]),
    ['./exports.json', './exports.json'],
    ['./package.json', './package.json'],
  ]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  patch(dir);
  return dir;
}

/** node_modules of the temp workspace: the checkout's entries, @rotalink/* replaced where asked. */
function linkModules(base: string, replaced: Partial<Record<Pkg, string>>): void {
  const { root } = stack();
  const from = join(root, 'node_modules');
  const to = join(base, 'node_modules');
  mkdirSync(join(to, '@rotalink'), { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry !== '@rotalink' && entry !== '.cache') symlinkSync(join(from, entry), join(to, entry));
  }
  for (const entry of readdirSync(join(from, '@rotalink'))) {
    const own = replaced[entry as Pkg];
    symlinkSync(own ?? join(from, '@rotalink', entry), join(to, '@rotalink', entry));
  }
}

export interface SkewBuild {
  /** temp folder name */
  id: string;
  app: App;
  sharedApi?: { version: string; patch: (dir: string) => void };
  kernel?: { version: string; patch: (dir: string) => void };
  /** edits the app's copied sources (e.g. its exposed dashboard) */
  patchApp?: (dir: string) => void;
}

/** Builds one app in production, as its team would; returns its dist folder. */
export async function buildSkewed({ id, app, sharedApi, kernel, patchApp }: SkewBuild): Promise<string> {
  const { root } = stack();
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 10); // two checkouts never share one
  const base = join(tmpdir(), 'rotalink-skew-builds', checkout, id);
  // Everything but webpack's cache is made afresh: a cell never sees an earlier run's sources.
  if (existsSync(base))
    for (const entry of readdirSync(base)) if (entry !== '.webpack-cache') rmSync(join(base, entry), { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const replaced: Partial<Record<Pkg, string>> = {};
  if (sharedApi) replaced['shared-api'] = copyPackage(base, 'shared-api', sharedApi.version, sharedApi.patch);
  if (kernel) replaced['session-kernel'] = copyPackage(base, 'session-kernel', kernel.version, kernel.patch);
  linkModules(base, replaced);
  copyFileSync(join(root, 'tsconfig.base.json'), join(base, 'tsconfig.base.json'));
  const dir = join(base, app);
  for (const entry of ['src', 'public', 'package.json', 'tsconfig.json', 'webpack.config.js']) {
    if (existsSync(join(root, app, entry))) cpSync(join(root, app, entry), join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  patchApp?.(dir);
  const webpackCli = join(root, 'node_modules/webpack-cli/bin/cli.js');
  await run(process.execPath, [webpackCli, '--mode', 'production', '--env', 'quick', '--env', `cache=${join(base, '.webpack-cache')}`], {
    cwd: dir,
    env: { ...process.env, BUILD_ID: `skew-${id}` },
    timeout: 600_000,
    maxBuffer: 20 * 1024 * 1024,
  });
  return join(dir, 'dist');
}

/** Wraps mf-member's exposed Dashboard: `extra` is a component rendered above the real one. */
export function wrapDashboard(dir: string, imports: string, extra: string): void {
  const exposed = join(dir, 'src/exposed');
  renameSync(join(exposed, 'dashboard.tsx'), join(exposed, 'dashboard-skew-original.tsx'));
  writeFileSync(
    join(exposed, 'dashboard.tsx'),
    `import Original from './dashboard-skew-original';\n${imports}\n${extra}\n` +
      `export default function Dashboard(props: Record<string, unknown>) {\n` +
      `  return (<><SkewLine /><Original {...props} /></>);\n}\n`,
  );
}

/** Appends `code` to a file of a copied package. */
export function append(dir: string, file: string, code: string): void {
  writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\n${code}\n`);
}

/** Replaces `from` by `to` in a file of a copied package (throws when `from` is not there). */
export function replaceIn(dir: string, file: string, from: string, to: string): void {
  const text = readFileSync(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(join(dir, file), text.split(from).join(to));
}
