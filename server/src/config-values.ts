/** The value parsers of config.ts: each failure is a ConfigError of one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export const fail = (name: string, why: string): never => {
  throw new ConfigError(`Invalid configuration: ${name} ${why}`);
};

export function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function int(env: Env, name: string, def: number, min: number, max: number): number {
  const v = str(env, name);
  if (v === undefined) return def;
  if (!/^\d+$/.test(v)) return fail(name, `must be a whole number, got '${v}'`);
  const n = Number(v);
  if (n < min || n > max) return fail(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function url(env: Env, name: string, def: string, protocols: string[]): string {
  const v = str(env, name) ?? def;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return fail(name, `must be a URL, got '${v}'`);
  }
  if (!protocols.includes(parsed.protocol)) return fail(name, `must start with ${protocols.join(' or ')}, got '${v}'`);
  return v.replace(/\/+$/, '');
}

/** '24h', '30m', '45s', '7d' or plain seconds. */
export function parseDuration(name: string, v: string): number {
  const m = /^(\d+)\s*(s|m|h|d)?$/.exec(v);
  if (!m) return fail(name, `must be a duration like 24h, 30m or 3600, got '${v}'`);
  const n = Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[(m[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  if (n < 60 || n > 365 * 86400) return fail(name, `must be between 1 minute and 365 days, got '${v}'`);
  return n;
}
