/**
 * Started first in main.js by start-early-preload.ts, beside the async boundary (webpack.config.js
 * puts it before src/index.ts in the entry): while the shared libraries download, it reads config.json, fetches
 * the manifest of the remote that will render the first page and asks the browser to preload
 * that page's remoteEntry.js and chunk, and its first API reads (first-page-data.ts). On a slow phone
 * this overlaps those round trips with the vendor download instead of queueing them after it.
 *
 * It must not import a shared module (react, the main entry of shared-api…): nothing here may be
 * eager. shared-api's stateless entries (/paths, /rules) are plain modules, not shared ones.
 */
import { TOKEN_KEY } from '@rotalink/shared-api/rules';
import { customHostOf, loadConfigOnce } from '../config/load-config';
import { firstModuleFor } from '../app/route-table';
import { putEarlyManifest } from '../federation/early-manifests';
import { firstAuthorizedRead, firstPageData } from './first-page-data';
import { putEarlyRead } from './early-reads';

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] } } }>;
}

function heldToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Scripts only, without crossorigin: the federation runtime loads remoteEntry.js and the page's
 * chunk with plain <script> tags, and a preload is reused only when its request mode matches.
 * The page's stylesheet is left alone: the runtime and the remote's CSS loader race to add it, in
 * different modes, so a preload could miss and double the download; it is small and starts
 * together with remoteEntry.js anyway.
 */
function preloadScript(href: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * An API read, in the mode the page's own fetch will use (CORS, credentials only same-origin: the
 * session kernel's transport), so the browser hands this response to it instead of asking again.
 */
function preloadFetch(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.appendChild(link);
}

/** The scripts a page of this remote needs, from its manifest (publicPath 'auto' = beside it). */
export function firstPageScripts(manifest: Manifest, manifestUrl: string, expose: string): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const url = (file: string) => new URL(file, base).href;
  const entry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (entry?.name) scripts.push(url(entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name));
  const exposed = manifest.exposes?.find((e) => e.path === `./${expose}` || e.name === expose);
  for (const file of exposed?.assets?.js?.sync ?? []) scripts.push(url(file));
  return scripts;
}

/**
 * Issue 12: a read that needs the token cannot be a `<link rel="preload">` (it sends no
 * Authorization header), so it is fetched here, as the client would send it (CORS, the bearer
 * token), and kept for the bootstrap, which offers it to the session kernel's transport (issue 26):
 * the first identical request takes a 2xx answer; anything else (null) is asked again as usual.
 */
function startAuthorizedRead(url: string, token: string): void {
  const answer = fetch(url, { mode: 'cors', credentials: 'same-origin', headers: { Authorization: `Bearer ${token}` } })
    .then((res) => (res.ok ? res : null))
    .catch(() => null);
  putEarlyRead({ url, token, answer });
}

export async function preloadFirstPage(pathname = window.location.pathname, search = window.location.search): Promise<void> {
  const config = await loadConfigOnce();
  const token = heldToken();
  const id = firstModuleFor(pathname, Boolean(token), customHostOf(config, window.location.host) !== null);
  firstPageData(id, search, config.apiBase).forEach(preloadFetch);
  const authorized = token ? firstAuthorizedRead(id, search, config.apiBase) : null;
  if (authorized && token) startAuthorizedRead(authorized, token);
  const [remote, expose] = id.split('/') as [keyof typeof config.remotes, string];
  const manifestUrl = config.remotes[remote];
  if (!manifestUrl) return;
  const response = fetch(manifestUrl, {});
  putEarlyManifest(manifestUrl, response);
  const res = await response;
  if (!res.ok) return;
  firstPageScripts((await res.clone().json()) as Manifest, manifestUrl, expose).forEach(preloadScript);
}
