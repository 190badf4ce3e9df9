// Builds what the bench needs when it is missing or older than its sources, so `npm run bench`
// works on a fresh clone after `npm install` (issue 7). A failed build is reported, and the
// rows that need it say so; the rest of the bench carries on. BENCH_BUILD=0 skips this step.
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const TARGETS = [
  { ws: 'shared-api', marker: 'dist/cjs/index.js' },
  { ws: 'server', marker: 'dist/server.js' },
  { ws: 'shell', marker: 'dist/index.html' },
  { ws: 'mf-public', marker: 'dist/mf-manifest.json' },
  { ws: 'mf-member', marker: 'dist/mf-manifest.json' },
  { ws: 'mf-admin', marker: 'dist/mf-manifest.json' },
];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Pure decision, exported for the tests: build when missing, or when sources are newer. */
export function needsBuild({ markerMtime, srcMtime, sharedApiRebuilt }) {
  if (markerMtime === null) return 'not built';
  if (srcMtime > markerMtime) return 'sources changed since the last build';
  if (sharedApiRebuilt) return 'shared-api was rebuilt';
  return null;
}

export function ensureBuilt(repoRoot, log) {
  const report = {};
  let sharedApiRebuilt = false;
  for (const { ws, marker } of TARGETS) {
    const dir = join(repoRoot, ws);
    if (!existsSync(join(dir, 'package.json'))) {
      report[ws] = 'workspace missing';
      continue;
    }
    const markerPath = join(dir, marker);
    const why = needsBuild({
      markerMtime: existsSync(markerPath) ? statSync(markerPath).mtimeMs : null,
      srcMtime: newestMtime(join(dir, 'src')),
      sharedApiRebuilt: sharedApiRebuilt && ws !== 'shared-api',
    });
    if (!why) {
      report[ws] = 'up to date';
      continue;
    }
    log(`  building ${ws} (${why}) …`);
    const t0 = Date.now();
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status === 0 && existsSync(markerPath)) {
      report[ws] = `built in ${((Date.now() - t0) / 1000).toFixed(1)} s`;
      if (ws === 'shared-api') sharedApiRebuilt = true;
    } else {
      const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-6).join(' | ');
      report[ws] = `BUILD FAILED: ${tail}`;
      log(`  !!! ${ws}: build failed — ${tail}`);
    }
  }
  return report;
}
