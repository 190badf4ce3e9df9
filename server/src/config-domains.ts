import { fail, int, parseDuration, str, type Env } from './config-values';

/** Issue 32: custom domains. */
export interface DomainsConfig {
  domains: {
    /** DOMAIN_CHECK_INTERVAL: time between two checks of every custom domain's TXT record; null = off. */
    checkIntervalMs: number | null;
    /** DOMAIN_DNS_SERVERS: the resolvers asked ('host' or 'host:port', comma-separated); empty = the system's. */
    dnsServers: string[];
    /** DOMAIN_DNS_TIMEOUT_MS: one DNS question's bound. */
    dnsTimeoutMs: number;
  };
}

export function loadDomainsConfig(env: Env): DomainsConfig {
  const interval = str(env, 'DOMAIN_CHECK_INTERVAL') ?? '15m';
  // DOMAIN_CHECK_INTERVAL_MS (tests: a job that runs every second) wins over the duration.
  const exactMs = str(env, 'DOMAIN_CHECK_INTERVAL_MS') === undefined ? undefined : int(env, 'DOMAIN_CHECK_INTERVAL_MS', 0, 100, 86_400_000);
  const checkIntervalMs =
    exactMs ?? (interval === 'off' || interval === '0' ? null : parseDuration('DOMAIN_CHECK_INTERVAL', interval) * 1000);
  const dnsServers = (str(env, 'DOMAIN_DNS_SERVERS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of dnsServers) {
    if (!/^(\[[0-9a-fA-F:.]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(s)) {
      fail('DOMAIN_DNS_SERVERS', `must be IP addresses with an optional :port, got '${s}'`);
    }
  }
  return { domains: { checkIntervalMs, dnsServers, dnsTimeoutMs: int(env, 'DOMAIN_DNS_TIMEOUT_MS', 2000, 100, 60_000) } };
}
