/**
 * Started first in main.js by start-early-preload.ts, beside the async boundary (webpack.config.js
 * puts it before src/index.ts in the entry): while the shared libraries download, it reads config.json, fetches
 * the manifest of the remote that will render the first page and asks the browser to preload
 * that page's remoteEntry.js, chunk and stylesheet. On a slow phone this overlaps two round trips
 * with the vendor download instead of queueing them after it.
 *
 * It must not import a shared module (react, shared-api…): nothing here may be eager.
 */
import { loadConfigOnce } from '../config/load-config';
import { firstModuleFor } from '../app/route-table';
import { putEarlyManifest } from '../federation/early-manifests';

/** spec §3: the session token's localStorage key (shared-api's TOKEN_KEY, which cannot be imported here). */
const TOKEN_KEY = 'token';

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

function hasToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

function preload(href: string, as: 'script' | 'style'): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  // A preload is only reused when its request mode matches the later load: the federation
  // runtime loads scripts with plain <script> tags (no CORS), while the remote's own CSS loader
  // adds crossorigin="anonymous" (crossOriginLoading in build-config).
  if (as === 'style') link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.appendChild(link);
}

/** The files a page of this remote needs, from its manifest (publicPath 'auto' = beside it). */
export function firstPageAssets(manifest: Manifest, manifestUrl: string, expose: string): string[][] {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const url = (file: string) => new URL(file, base).href;
  const entry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  const styles: string[] = [];
  if (entry?.name) scripts.push(url(entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name));
  const exposed = manifest.exposes?.find((e) => e.path === `./${expose}` || e.name === expose);
  for (const file of exposed?.assets?.js?.sync ?? []) scripts.push(url(file));
  for (const file of exposed?.assets?.css?.sync ?? []) styles.push(url(file));
  return [scripts, styles];
}

export async function preloadFirstPage(pathname = window.location.pathname): Promise<void> {
  const config = await loadConfigOnce();
  const id = firstModuleFor(pathname, hasToken());
  const [remote, expose] = id.split('/') as [keyof typeof config.remotes, string];
  const manifestUrl = config.remotes[remote];
  if (!manifestUrl) return;
  const response = fetch(manifestUrl, {});
  putEarlyManifest(manifestUrl, response);
  const res = await response;
  if (!res.ok) return;
  const [scripts, styles] = firstPageAssets((await res.clone().json()) as Manifest, manifestUrl, expose);
  scripts.forEach((href) => preload(href, 'script'));
  styles.forEach((href) => preload(href, 'style'));
}
