// Serves the built front ends from their own ports, as deployed (DESIGN §2-§3), with the
// project's own static server (scripts/static-server.mjs: precompressed files, cache headers).
// It runs as a child process so the bench's own event loop never competes with it.
// Usage: node static-child.mjs '{"repoRoot":…, "sites":[{dir, port, spa, config?}]}'
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const { repoRoot, sites } = JSON.parse(process.argv[2]);
const { startStaticServer } = await import(pathToFileURL(join(repoRoot, 'scripts', 'static-server.mjs')).href);
for (const site of sites) await startStaticServer(site);
