// What the static server answers, as pure functions (DESIGN §9): content types, cache policy,
// encoding choice, the shell page's Content-Security-Policy and preconnect hints, and the
// path check that keeps every request inside the served folder.
import { resolve, sep } from 'node:path';

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
/** Types the build precompresses (build-config's CompressionPlugin test). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);
/** Files whose URL never changes while their content does: always revalidate. */
const ENTRY_FILES = new Set([
  '/index.html',
  '/mf-manifest.json',
  '/mf-manifest-stats.json',
  '/remoteEntry.js',
  '/config.json',
  '/static/js/main.js',
]);
/** `[name].[contenthash]` as build-config names chunks, css and media. */
const HASHED = /\.[0-9a-f]{8,}\.(?:chunk\.)?[a-z0-9]+$/i;

export const CACHE_NO_CACHE = 'no-cache';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(urlPath) {
  if (ENTRY_FILES.has(urlPath) || urlPath.endsWith('.html')) return CACHE_NO_CACHE;
  if (urlPath.startsWith('/static/') && HASHED.test(urlPath)) return CACHE_IMMUTABLE;
  return CACHE_NO_CACHE; // anything else unhashed: safe to revalidate, never stale
}

/** br if the browser takes it, else gzip, else identity (q=0 means "not acceptable"). */
export function pickEncoding(acceptEncoding = '') {
  const accepted = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function originOf(url, base) {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

/**
 * The shell page's Content-Security-Policy: scripts, styles and manifests only from itself and the
 * remotes in its config, calls only to itself, the API and the remotes. react-toastify injects a
 * <style>, hence 'unsafe-inline' for styles (never for scripts).
 */
export function shellCsp(config, selfOrigin = 'http://localhost') {
  const remotes = Object.values(config?.remotes ?? {})
    .map((url) => originOf(url, selfOrigin))
    .filter((o) => o && o !== selfOrigin);
  const api = config?.apiBase ? originOf(config.apiBase, selfOrigin) : null;
  const unique = (list) => [...new Set(list.filter(Boolean))].join(' ');
  const known = Boolean(config);
  const scripts = known ? unique(["'self'", ...remotes]) : "'self' http: https:";
  const connect = known ? unique(["'self'", api, ...remotes]) : "'self' http: https:";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${unique(["'self'", "'unsafe-inline'", ...remotes])}`,
    `connect-src ${connect}`,
    `img-src ${unique(["'self'", 'data:', 'https:', ...remotes])}`,
    `font-src ${unique(["'self'", 'data:', ...remotes])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `Link: <origin>; rel=preconnect; crossorigin` for the API and each remote named in the config:
 * the browser opens those connections while the shell's own chunks download, so the remote's
 * manifest and the first API call do not each start with a fresh TCP handshake.
 */
export function preconnectLinks(config, selfOrigin = 'http://localhost') {
  if (!config) return '';
  const origins = [config.apiBase, ...Object.values(config.remotes ?? {})]
    .map((url) => (url ? originOf(url, selfOrigin) : null))
    .filter((o) => o && o !== selfOrigin);
  return [...new Set(origins)].map((o) => `<${o}>; rel=preconnect; crossorigin`).join(', ');
}

/** Maps a URL path to a file inside root, or null when it would leave root (traversal). */
export function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const full = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}
