/**
 * The shell's runtime configuration (DESIGN §2): config.json served beside index.html. Nothing
 * here is compiled in, so pointing the shell at a remote's new address needs no rebuild.
 */
export const REMOTE_NAMES = ['mf_public', 'mf_member', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface ShellConfig {
  apiBase: string;
  /** Each remote's mf-manifest.json URL; a missing one makes only that remote's pages unavailable. */
  remotes: Partial<Record<RemoteName, string>>;
  /**
   * Issue 32: the hosts (`host[:port]`) the site itself is served on. When given, a page opened on
   * any other host is a member's custom domain: it shows that member's public page only. Absent:
   * every host is the site.
   */
  siteHosts?: string[];
}

/** Issue 32: the custom domain this page was opened on, or null on the site itself. */
export function customHostOf(config: ShellConfig, host: string): string | null {
  if (!config.siteHosts) return null;
  return config.siteHosts.some((h) => h.toLowerCase() === host.toLowerCase()) ? null : host.toLowerCase();
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    new URL(value, 'http://relative.invalid');
    return true;
  } catch {
    return false;
  }
}

/** Checks the shape of config.json and says exactly what is wrong. */
export function parseConfig(raw: unknown): ShellConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json is not a JSON object');
  const { apiBase, remotes, siteHosts } = raw as Record<string, unknown>;
  if (!isUrl(apiBase)) throw new ConfigError('config.json: "apiBase" must be the API address, e.g. "http://localhost:4000"');
  if (!remotes || typeof remotes !== 'object')
    throw new ConfigError('config.json: "remotes" must map remote names to their mf-manifest.json URLs');
  const result: ShellConfig = { apiBase, remotes: {} };
  if (siteHosts !== undefined) {
    if (!Array.isArray(siteHosts) || siteHosts.length === 0 || !siteHosts.every((h) => typeof h === 'string' && h.trim() !== ''))
      throw new ConfigError('config.json: "siteHosts" must list the site\'s own hosts, e.g. ["rotalink.com"]');
    result.siteHosts = siteHosts as string[];
  }
  for (const name of REMOTE_NAMES) {
    const entry = (remotes as Record<string, unknown>)[name];
    if (entry === undefined) continue;
    if (!isUrl(entry)) throw new ConfigError(`config.json: "remotes.${name}" must be a URL of its mf-manifest.json`);
    result.remotes[name] = entry;
  }
  return result;
}

/**
 * Fetches config.json; the server sends it with Cache-Control: no-cache, so it is revalidated on
 * every start. Plain options on purpose: they match index.html's <link rel="preload">, so the
 * browser hands over the response it already started fetching.
 */
export async function loadConfig(url = '/config.json'): Promise<ShellConfig> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ConfigError('config.json could not be fetched (network error)');
  }
  if (!response.ok) throw new ConfigError(`config.json could not be fetched (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON');
  }
  return parseConfig(json);
}

let startupConfig: Promise<ShellConfig> | null = null;

/** The one config.json read of a page load, shared by the start-up preloader and the bootstrap. */
export function loadConfigOnce(): Promise<ShellConfig> {
  startupConfig ??= loadConfig().catch((error: unknown) => {
    startupConfig = null; // a later call may try again
    throw error;
  });
  return startupConfig;
}
