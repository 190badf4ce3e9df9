// Sizes of the member pages' own scripts and styles, read from mf-member's build (issue 15: the
// Stats page's chunk, with its chart library, and the dashboard with its lazily loaded QR chunk).
// The browser fetches the .gz/.br copies; the figure is the .gz one, as the visitor page's
// "JS gzip" budget is written. Nothing is loaded in a browser: the manifest says which files
// each exposed page needs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The pages reported, and what each adds beyond the manifest's own list. */
export const MEMBER_PAGES = [
  { expose: 'Stats', label: 'Stats page (mf-member ./Stats: page + uPlot chunk + its CSS)' },
  { expose: 'Dashboard', label: 'Dashboard (mf-member ./Dashboard), first paint', lazy: /^static\/js\/qrcode\./ },
];

function sizeOf(dist, file) {
  const path = join(dist, file);
  if (!existsSync(path)) return null;
  const gz = `${path}.gz`;
  return { raw: statSync(path).size, gzip: existsSync(gz) ? statSync(gz).size : statSync(path).size };
}

/**
 * One row per page: its synchronous JS and CSS (what the page waits for, beyond the shared
 * singletons and the chunks every member page shares) and, apart, the chunks it loads after it
 * renders (`lazy`).
 */
export function memberPageSizes(distDir) {
  const manifestPath = join(distDir, 'mf-manifest.json');
  if (!existsSync(manifestPath)) return { error: `mf-member is not built (${manifestPath} missing)` };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const rows = [];
  for (const page of MEMBER_PAGES) {
    const expose = manifest.exposes.find((e) => e.name === page.expose);
    if (!expose) {
      rows.push({ label: page.label, error: `no exposed module ${page.expose}` });
      continue;
    }
    const files = [...expose.assets.js.sync, ...expose.assets.css.sync.filter((f) => !f.includes('shared-css'))];
    const lazyFiles = page.lazy ? expose.assets.js.async.filter((f) => page.lazy.test(f)) : [];
    const add = (list) =>
      list
        .map((f) => sizeOf(distDir, f))
        .reduce((sum, s) => ({ raw: sum.raw + (s?.raw ?? 0), gzip: sum.gzip + (s?.gzip ?? 0) }), { raw: 0, gzip: 0 });
    rows.push({
      label: page.label,
      files: files.length,
      ...add(files),
      lazy: lazyFiles.length ? { files: lazyFiles.length, ...add(lazyFiles) } : null,
    });
  }
  return { rows };
}
