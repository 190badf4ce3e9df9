/**
 * Issue 32: the reverse proxy of deploy/caddy on this machine — Debian's `caddy` — running the
 * very custom-domains block production runs (deploy/caddy/custom-domains.caddy), with Caddy's
 * internal CA instead of an ACME server (`local_certs`), on free ports, its admin API off and its
 * storage in a temp folder (nothing installed into any trust store). It asks the API before each
 * certificate, as in production. A second site, `offer.example.org`, stands for a member's offer
 * page, so the browser can follow the rotator's redirect to a real HTTPS page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from './net';

const CADDY = process.env.CADDY_PATH || '/usr/bin/caddy';

export interface Caddy {
  httpsPort: number;
  /** Caddy's internal root certificate (PEM): what the browser and Node trust, nothing else. */
  rootPem: string;
  /** SHA-256 of the SubjectPublicKeyInfo of Caddy's root and intermediate, base64 (Chromium's --ignore-certificate-errors-spki-list). */
  spkiHashes: string[];
  stop: () => Promise<void>;
}

const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

async function waitFor(check: () => boolean | Promise<boolean>, what: string, child: ChildProcess, logFile: string) {
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}) before ${what}; see ${logFile}`);
    if (await check()) return;
    if (Date.now() > end) throw new Error(`caddy: ${what} not within 30 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export async function startCaddy(o: { root: string; tmp: string; apiPort: number; shellPort: number }): Promise<Caddy> {
  if (!existsSync(CADDY)) throw new Error(`e2e: ${CADDY} is missing — apt-get install -y caddy (Debian's package)`);
  const dir = join(o.tmp, `caddy-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	local_certs
	skip_install_trust
	auto_https disable_redirects
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${join(dir, 'data')}
	on_demand_tls {
		ask http://127.0.0.1:${o.apiPort}/api/domains/allowed
	}
}

offer.example.org {
	tls internal
	respond "<!doctype html><title>Offer</title><h1>Offer page</h1><p>{host}{uri}</p>" 200 {
		close
	}
	header content-type "text/html; charset=utf-8"
}

import ${join(o.root, 'deploy/caddy/custom-domains.caddy')}
`,
  );
  const logFile = join(dir, 'caddy.log');
  const log = createWriteStream(logFile);
  const child = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'xdg-data'),
      XDG_CONFIG_HOME: join(dir, 'xdg-config'),
      API_UPSTREAMS: `127.0.0.1:${o.apiPort}`,
      SHELL_UPSTREAM: `127.0.0.1:${o.shellPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const ca = join(dir, 'data/pki/authorities/local');
  await waitFor(() => existsSync(join(ca, 'root.crt')) && existsSync(join(ca, 'intermediate.crt')), 'its internal CA', child, logFile);
  await waitFor(() => listening(httpsPort), `listening on ${httpsPort}`, child, logFile);
  const rootPem = readFileSync(join(ca, 'root.crt'), 'utf8');
  const intermediatePem = readFileSync(join(ca, 'intermediate.crt'), 'utf8');
  return {
    httpsPort,
    rootPem,
    spkiHashes: [spkiHash(rootPem), spkiHash(intermediatePem)],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
