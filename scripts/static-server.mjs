// Serves one front end's dist/ from its own port, as a static host or CDN would (DESIGN §3, §9):
// precompressed .br/.gz by Accept-Encoding, no-cache for the files that name the others
// (index.html, mf-manifest.json, remoteEntry.js, config.json, static/js/main.js), a year and
// immutable for content-hashed chunks, CORS for remotes, a CSP for the shell page, SPA fallback
// for the shell only. Node's http only, so it runs anywhere `npm install` ran.
//
//   import { startStaticServer } from './static-server.mjs';
//   const server = await startStaticServer({ dir, port, spa, config });   // an http.Server
//
//   node scripts/static-server.mjs --dir mf-member/dist --port 3002
//   node scripts/static-server.mjs --dir shell/dist --port 3000 --spa \
//     --api http://localhost:4000 --remote mf_public=http://localhost:3001/mf-manifest.json ...
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CACHE_NO_CACHE,
  COMPRESSIBLE,
  TYPES,
  cacheControlFor,
  pickEncoding,
  preconnectLinks,
  resolveInside,
  shellCsp,
} from './static-policy.mjs';

export { cacheControlFor, pickEncoding, preconnectLinks, resolveInside, shellCsp } from './static-policy.mjs';

async function fileInfo(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {string} options.dir      the dist/ folder to serve
 * @param {number} options.port     0 for any free port
 * @param {boolean} [options.spa]   the shell: unknown page paths answer index.html (its router redirects)
 * @param {object} [options.config] the shell's config.json, served from memory instead of the file
 * @param {boolean} [options.cors]  Access-Control-Allow-Origin: * (default: on for remotes, off for the shell)
 * @param {string} [options.host]   bind address (default 127.0.0.1)
 * @param {boolean} [options.preconnect]  the shell page's Link preconnect header (default on)
 * @param {(line: string) => void} [options.log]  one line per request, when given
 * @returns {Promise<import('node:http').Server>} listening
 */
export async function startStaticServer({ dir, port, spa = false, config, cors = !spa, host = '127.0.0.1', preconnect = true, log }) {
  const root = resolve(dir);
  const rootInfo = await stat(root).catch(() => null);
  if (!rootInfo?.isDirectory()) throw new Error(`static-server: ${root} is not a folder (build it first)`);
  const configBody = config ? Buffer.from(JSON.stringify(config, null, 2)) : null;

  const readShellConfig = async () => {
    if (config) return config;
    try {
      return JSON.parse(await readFile(join(root, 'config.json'), 'utf8'));
    } catch {
      return undefined;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
      log?.(`static-server: ${req.url}: ${err?.message ?? err}`);
    });
    if (log) res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode}`));
  });

  async function handle(req, res) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Timing-Allow-Origin', '*');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '86400' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Method not allowed');
    }
    let urlPath;
    try {
      urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    } catch {
      return send(res, 400, 'Bad request');
    }
    // What was asked for: a page path (no extension, a trailing slash included) may fall back to the SPA.
    const asked = urlPath;
    if (urlPath.endsWith('/')) urlPath += 'index.html';

    if (urlPath === '/config.json' && configBody) {
      return sendBuffer(req, res, configBody, TYPES['.json'], CACHE_NO_CACHE);
    }

    const file = resolveInside(root, urlPath);
    if (!file) return send(res, 400, 'Bad request');
    let info = await fileInfo(file);
    let servedPath = urlPath;
    let servedFile = file;
    // SPA fallback (shell only): a page path such as /user, /Addlinks or /profile/ answers
    // index.html (the router sends unknown paths to /, spec §2); missing assets (anything with an
    // extension, or under /static/) stay 404 so a broken chunk is visible.
    if (!info && spa && !extname(asked) && !asked.startsWith('/static/')) {
      servedPath = '/index.html';
      servedFile = join(root, 'index.html');
      info = await fileInfo(servedFile);
    }
    if (!info) return send(res, 404, 'Not found');

    const ext = extname(servedFile).toLowerCase();
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(servedPath),
    };
    if (ext === '.html' && spa) {
      const selfOrigin = `http://${req.headers.host ?? 'localhost'}`;
      const shellConfig = await readShellConfig();
      headers['Content-Security-Policy'] = shellCsp(shellConfig, selfOrigin);
      const links = preconnect ? preconnectLinks(shellConfig, selfOrigin) : '';
      if (links) headers.Link = links;
      headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
    }

    let body = servedFile;
    let size = info.size;
    let mtime = info.mtimeMs;
    if (COMPRESSIBLE.has(ext)) {
      headers.Vary = 'Accept-Encoding';
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const variant = encoding && (await fileInfo(`${servedFile}.${encoding === 'br' ? 'br' : 'gz'}`));
      if (variant) {
        body = `${servedFile}.${encoding === 'br' ? 'br' : 'gz'}`;
        size = variant.size;
        mtime = variant.mtimeMs;
        headers['Content-Encoding'] = encoding;
      }
    }
    const etag = `W/"${size.toString(16)}-${Math.floor(mtime).toString(16)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
    headers.ETag = etag;
    headers['Last-Modified'] = new Date(mtime).toUTCString();
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    headers['Content-Length'] = String(size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(body);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  function send(res, status, text) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NO_CACHE });
    res.end(text);
  }

  function sendBuffer(req, res, buffer, type, cacheControl) {
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'Content-Length': String(buffer.length) });
    res.end(req.method === 'HEAD' ? undefined : buffer);
  }

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(undefined);
    });
  });
  return server;
}

/** `node scripts/static-server.mjs --dir D --port P [--spa] [--api URL] [--remote name=URL]...` */
function parseArgs(argv) {
  const options = { remotes: {} };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--dir') options.dir = value();
    else if (arg === '--port') options.port = Number(value());
    else if (arg === '--host') options.host = value();
    else if (arg === '--spa') options.spa = true;
    else if (arg === '--api') options.api = value();
    else if (arg === '--remote') {
      const [name, url] = value().split(/=(.*)/s);
      options.remotes[name] = url;
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.dir || !Number.isInteger(options.port))
    throw new Error('usage: --dir <dist> --port <n> [--spa] [--api URL] [--remote name=URL]...');
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { dir, port, host, spa, api, remotes } = parseArgs(process.argv.slice(2));
    const config = api ? { apiBase: api, remotes } : undefined;
    const server = await startStaticServer({ dir, port, host, spa, config });
    console.log(`Serving ${resolve(dir)} on http://localhost:${server.address().port}${spa ? ' (shell)' : ''}`);
    const stop = () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    console.error(`static-server: ${err.message}`);
    process.exit(1);
  }
}
