// Starts the composed product once for the whole run: the API (fresh SQLite in a temp dir, mail to
// a temp outbox, known admin, rate limits off), the shell and the three remotes with
// startStaticServer on their own ports, one Chromium, and a small control server the tests use to
// stop, restart or redeploy a front end. Builds nothing: a missing dist is one clear line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { checkBuilds, loadStaticServer, freePort, startApi, stopChild, HOST, ROOT, REMOTES, FOLDER, closeServer } from './stack.mjs';
import { startControlServer } from './control-server.mjs';

const require = createRequire(import.meta.url);

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Issue 16: the API's link check refuses loopback addresses and trusts only public CAs. A journey
 * serves a destination on https://127.0.0.1 with this throw-away certificate, which the API is told
 * to trust (LINK_CHECK_TEST_CA) for that one address (LINK_CHECK_TEST_ALLOW) — both refused by
 * the server under NODE_ENV=production.
 */
function makeLinkCheckCertificate(dir) {
  const key = join(dir, 'check-key.pem');
  const cert = join(dir, 'check-cert.pem');
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'];
  execFileSync('openssl', [...args, '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { key, cert };
}

export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `e2e: Chromium is not installed at ${CHROMIUM} — run \`apt-get install -y chromium\` (DESIGN §9); the browser suite cannot run without it.`,
    );
  }
  checkBuilds();
  const startStaticServer = await loadStaticServer();

  const tmp = mkdtempSync(join(tmpdir(), 'rotalink-e2e-'));
  mkdirSync(join(tmp, 'outbox'), { recursive: true });
  const ports = {
    api: await freePort(),
    shell: await freePort(),
    mf_public: await freePort(),
    mf_member: await freePort(),
    mf_admin: await freePort(),
  };
  const origin = (port) => `http://${HOST}:${port}`;
  const linkCheck = makeLinkCheckCertificate(tmp);
  const shellUrl = origin(ports.shell);

  const apiEnv = {
    DATABASE_URL: `sqlite:${join(tmp, 'rotalink.db')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_TTL: '24h',
    ADMIN_USERNAME: 'e2e-admin',
    ADMIN_PASSWORD: `Adm1n-${randomBytes(6).toString('hex')}`,
    PUBLIC_SITE_URL: shellUrl,
    API_PUBLIC_URL: origin(ports.api),
    MAIL_OUTBOX_DIR: join(tmp, 'outbox'),
    PAYMENT_PROVIDER: 'local',
    RATE_LIMIT_LOGIN_PER_MIN: '0',
    RATE_LIMIT_CLICKS_PER_MIN: '0',
    RATE_LIMIT_GLOBAL_PER_MIN: '0',
    LINK_CHECK_TEST_ALLOW: HOST,
    LINK_CHECK_TEST_CA: linkCheck.cert,
    // The scheduled check is not what these journeys watch ("Check now" is); it must not pause links under them.
    LINK_CHECK_INTERVAL: 'off',
  };
  const handles = { api: null, statics: {}, browser: null, control: null, tmp };
  globalThis.__ROTALINK_E2E__ = handles;

  try {
    handles.api = await startApi({ port: ports.api, tmp, env: apiEnv });

    /** Where each remote is deployed now: folder served and port (the control server changes it). */
    const deployments = {};
    for (const name of REMOTES) deployments[name] = { dir: join(ROOT, FOLDER[name], 'dist'), port: ports[name] };
    const shellConfig = () => ({
      apiBase: handles.api.url,
      remotes: Object.fromEntries(REMOTES.map((n) => [n, `${origin(deployments[n].port)}/mf-manifest.json`])),
    });
    const startRemote = async (name) => {
      const { dir, port } = deployments[name];
      handles.statics[name] = await startStaticServer({ dir, port, spa: false });
    };
    // Issue 26: the skew matrix serves another build of the shell for a while (control: start with `dir`).
    let shellDir = join(ROOT, 'shell/dist');
    const startShell = async () => {
      handles.statics.shell = await startStaticServer({
        dir: shellDir,
        port: ports.shell,
        spa: true,
        config: shellConfig(),
      });
    };
    for (const name of REMOTES) await startRemote(name);
    await startShell();

    const control = await startControlServer({
      port: await freePort(),
      stopFrontEnd: async (name) => {
        await closeServer(handles.statics[name]);
        handles.statics[name] = null;
      },
      startFrontEnd: async (name, change = {}) => {
        if (name === 'shell') {
          if (change.dir !== undefined) shellDir = change.dir || join(ROOT, 'shell/dist');
          return startShell();
        }
        Object.assign(deployments[name], change);
        return startRemote(name);
      },
      // The API process alone (issue 29): same port, same SQLite file and secrets, so the browser's
      // session and the data survive, as after a crash and a restart.
      stopApi: async () => {
        await stopChild(handles.api?.child);
      },
      startApi: async () => {
        if (handles.api?.child && handles.api.child.exitCode === null) return;
        handles.api = await startApi({ port: ports.api, tmp, env: apiEnv });
      },
      state: () => ({ deployments, config: shellConfig() }),
    });
    handles.control = control;

    const { chromium } = require('playwright-core');
    handles.browser = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

    const state = {
      tmp,
      root: ROOT,
      shellUrl,
      apiUrl: handles.api.url,
      apiEnv,
      ports,
      outbox: apiEnv.MAIL_OUTBOX_DIR,
      linkCheck,
      admin: { username: apiEnv.ADMIN_USERNAME, password: apiEnv.ADMIN_PASSWORD },
      controlUrl: control.url,
      wsEndpoint: handles.browser.wsEndpoint(),
      artifacts: join(ROOT, 'e2e/artifacts'),
    };
    const stateFile = join(tmp, 'state.json');
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    process.env.ROTALINK_E2E_STATE = stateFile;
    mkdirSync(state.artifacts, { recursive: true });
  } catch (err) {
    // Leave nothing running when the start fails half-way.
    const { default: teardown } = await import('./global-teardown.mjs');
    await teardown();
    throw err;
  }
}
