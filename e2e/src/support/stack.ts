/**
 * What global-setup started (read from its state file) and the control calls that stop, restart
 * or redeploy a front end while a test runs.
 */
import { readFileSync } from 'node:fs';

export type FrontEnd = 'shell' | 'mf_public' | 'mf_member' | 'mf_admin';

export interface StackState {
  tmp: string;
  root: string;
  shellUrl: string;
  apiUrl: string;
  apiEnv: Record<string, string>;
  ports: Record<'api' | FrontEnd, number>;
  outbox: string;
  /** The certificate the API's link check trusts for https://127.0.0.1 (issue 16). */
  linkCheck: { key: string; cert: string };
  admin: { username: string; password: string };
  controlUrl: string;
  wsEndpoint: string;
  artifacts: string;
}

export interface Deployment {
  deployments: Record<Exclude<FrontEnd, 'shell'>, { dir: string; port: number }>;
  config: { apiBase: string; remotes: Record<string, string> };
}

let cached: StackState | undefined;

export function stack(): StackState {
  if (cached) return cached;
  const file = process.env.ROTALINK_E2E_STATE;
  if (!file) throw new Error('e2e: no running stack (ROTALINK_E2E_STATE unset) — run the suite with `npm run e2e`.');
  cached = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  return cached;
}

/** An address on the shell's origin, e.g. site('/profile?userId=x'). */
export const site = (path = '/') => `${stack().shellUrl}${path}`;

async function control(path: string, body?: object): Promise<Deployment> {
  const res = await fetch(`${stack().controlUrl}${path}`, {
    method: body === undefined && path === '/state' ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Deployment & { error?: string };
  if (!res.ok) throw new Error(`e2e control ${path}: ${json.error}`);
  return json;
}

export const deployment = () => control('/state');
export const stopFrontEnd = (name: FrontEnd) => control(`/front-end/${name}/stop`, {});
/**
 * Starts a front end again; for a remote, optionally from another folder or port (a redeploy); for
 * the shell, optionally from another folder (`dir: ''` = its own dist again; issue 26's skew matrix).
 */
export const startFrontEnd = (name: FrontEnd, change: { dir?: string; port?: number } = {}) => control(`/front-end/${name}/start`, change);

/** Issue 29: stops the API process only (front ends and browser stay), then starts it again on the same port and data. */
export const stopApi = () => control('/api/stop', {});
export const startApi = () => control('/api/start', {});
