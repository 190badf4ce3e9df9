#!/usr/bin/env node
// Issue 26: the JS each remote's first page needs, gzip bytes from the built dists (no browser):
// the remote's remoteEntry.js plus the exposed page's synchronous chunks (its manifest says
// which), and apart the shell's own scripts every page loads. Given two roots shaped like the repo
// (X/shell/dist, X/mf-public/dist, …), prints both columns and the difference.
//
//   node build-config/scripts/first-page-sizes.mjs before=/tmp/before after=.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const FIRST_PAGES = [
  { app: 'mf-public', expose: 'PublicProfile', label: 'mf-public visitor page (./PublicProfile)' },
  { app: 'mf-public', expose: 'Landing', label: 'mf-public landing (./Landing)' },
  { app: 'mf-member', expose: 'Dashboard', label: 'mf-member dashboard (./Dashboard)' },
  { app: 'mf-admin', expose: 'AdminDashboard', label: 'mf-admin users list (./AdminDashboard)' },
];

const gz = (dist, file) => {
  const path = join(dist, file);
  if (existsSync(`${path}.gz`)) return statSync(`${path}.gz`).size;
  return existsSync(path) ? statSync(path).size : 0;
};

/** Bytes per row for one root. */
export function firstPageSizes(root) {
  const rows = {};
  const shellJs = join(root, 'shell/dist/static/js');
  rows['shell: main.js + its async chunks (every page)'] = readdirSync(shellJs)
    // react-toastify's chunk is fetched only once a page loads the library (decision 0092).
    .filter((f) => f.endsWith('.js') && !f.startsWith('toasts.'))
    .reduce((sum, f) => sum + gz(join(root, 'shell/dist'), `static/js/${f}`), 0);
  for (const { app, expose, label } of FIRST_PAGES) {
    const dist = join(root, app, 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
    const exposed = manifest.exposes.find((e) => e.name === expose);
    const files = ['remoteEntry.js', ...exposed.assets.js.sync];
    rows[`${label}: remoteEntry.js + page chunks`] = files.reduce((sum, f) => sum + gz(dist, f), 0);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.slice(2).map((arg) => arg.split('='));
  const sizes = roots.map(([, root]) => firstPageSizes(root));
  const kb = (b) => (b / 1024).toFixed(1);
  console.log(`| JS, gzip KB | ${roots.map(([name]) => name).join(' | ')}${roots.length === 2 ? ' | change' : ''} |`);
  console.log(`|---|${roots.map(() => '---:').join('|')}${roots.length === 2 ? '|---:' : ''}|`);
  for (const row of Object.keys(sizes[0])) {
    const values = sizes.map((s) => s[row]);
    const change = roots.length === 2 ? ` | ${values[1] - values[0] >= 0 ? '+' : ''}${kb(values[1] - values[0])}` : '';
    console.log(`| ${row} | ${values.map(kb).join(' | ')}${change} |`);
  }
}
