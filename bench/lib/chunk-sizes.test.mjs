import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memberPageSizes } from './chunk-sizes.mjs';

function fakeDist(files, exposes) {
  const dir = mkdtempSync(join(tmpdir(), 'chunks-'));
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  mkdirSync(join(dir, 'static/css'), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), Buffer.alloc(bytes));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ exposes }));
  return dir;
}
const expose = (name, sync, async = [], css = []) => ({ name, assets: { js: { sync, async }, css: { sync: css, async: [] } } });

test('adds up a page’s own scripts and styles (gzip copies), leaving out the shared stylesheet, and its lazy chunk apart', () => {
  const dist = fakeDist(
    {
      'static/js/593.a.chunk.js': 50_000,
      'static/js/593.a.chunk.js.gz': 22_000,
      'static/js/expose_Stats.b.chunk.js': 19_000,
      'static/js/expose_Stats.b.chunk.js.gz': 6_500,
      'static/css/stats.c.css': 2_000,
      'static/css/shared-css.d.css': 9_000,
      'static/js/expose_Dashboard.e.chunk.js': 18_000,
      'static/js/expose_Dashboard.e.chunk.js.gz': 6_000,
      'static/js/qrcode.f.chunk.js': 24_000,
      'static/js/qrcode.f.chunk.js.gz': 9_000,
      'static/js/744.g.chunk.js': 1_000,
    },
    [
      expose(
        'Stats',
        ['static/js/593.a.chunk.js', 'static/js/expose_Stats.b.chunk.js'],
        ['static/js/744.g.chunk.js'],
        ['static/css/shared-css.d.css', 'static/css/stats.c.css'],
      ),
      expose(
        'Dashboard',
        ['static/js/expose_Dashboard.e.chunk.js'],
        ['static/js/744.g.chunk.js', 'static/js/qrcode.f.chunk.js'],
        ['static/css/shared-css.d.css'],
      ),
    ],
  );
  const { rows } = memberPageSizes(dist);
  assert.deepEqual(rows[0], { label: rows[0].label, files: 3, raw: 71_000, gzip: 30_500, lazy: null });
  assert.deepEqual(rows[1], { label: rows[1].label, files: 1, raw: 18_000, gzip: 6_000, lazy: { files: 1, raw: 24_000, gzip: 9_000 } });
});

test('says when mf-member is not built', () => {
  assert.match(memberPageSizes(join(tmpdir(), 'no-such-dist')).error, /not built/);
});
