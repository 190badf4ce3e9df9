import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { fail, int, parseDuration, str, type Env } from './config-values';

/** An address range the link checker may reach although the SSRF rules refuse it (tests only). */
export type AllowedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Issue 16's background work: the outbox worker and the link-health checker (and issue 31's webhooks). */
export interface BackgroundConfig {
  webhooks: {
    /** WEBHOOK_DISABLE_AFTER_MS: an endpoint whose every try failed for this long is switched off (3 days). */
    disableAfterMs: number;
    /** WEBHOOK_TIMEOUT_MS: one delivery's whole request, connection to status line (10 s). */
    timeoutMs: number;
  };
  outbox: {
    /** OUTBOX_POLL_MS: how often a node looks for due mail (new mail of its own is sent at once). */
    pollMs: number;
    /** OUTBOX_LEASE_MS: how long a node holds a mail it is sending; a node that died is replaced after it. */
    leaseMs: number;
    /** OUTBOX_RETRY_BASE_MS: the first retry's delay; each further one doubles, up to 15 minutes. */
    retryBaseMs: number;
  };
  linkCheck: {
    /** LINK_CHECK_INTERVAL: time between two checks of every pending link; null = off. */
    intervalMs: number | null;
    /** LINK_CHECK_CONCURRENCY: destinations checked at once. */
    concurrency: number;
    /** LINK_CHECK_TEST_ALLOW: ranges exempt from the SSRF rules. Refused with NODE_ENV=production. */
    allow: AllowedRange[];
    /** LINK_CHECK_TEST_CA: a PEM certificate trusted besides the system's. Refused with NODE_ENV=production. */
    extraCa: string | undefined;
  };
}

function allowedRanges(v: string | undefined): AllowedRange[] {
  if (!v) return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        if (item.includes('/')) return ipaddr.parseCIDR(item) as AllowedRange;
        const ip = ipaddr.parse(item);
        return [ip, ip.kind() === 'ipv4' ? 32 : 128] as AllowedRange;
      } catch {
        return fail('LINK_CHECK_TEST_ALLOW', `must be IP addresses or CIDR ranges, got '${item}'`);
      }
    });
}

export function loadBackgroundConfig(env: Env, nodeEnv: string): BackgroundConfig {
  const interval = str(env, 'LINK_CHECK_INTERVAL') ?? '6h';
  const intervalMs = interval === 'off' || interval === '0' ? null : parseDuration('LINK_CHECK_INTERVAL', interval) * 1000;
  const allowText = str(env, 'LINK_CHECK_TEST_ALLOW');
  const caFile = str(env, 'LINK_CHECK_TEST_CA');
  // The allowance exists for tests against a local server; in production it would be an SSRF hole.
  if (nodeEnv === 'production' && allowText) fail('LINK_CHECK_TEST_ALLOW', 'is for tests only and is refused with NODE_ENV=production');
  if (nodeEnv === 'production' && caFile) fail('LINK_CHECK_TEST_CA', 'is for tests only and is refused with NODE_ENV=production');
  let extraCa: string | undefined;
  if (caFile) {
    try {
      extraCa = readFileSync(caFile, 'utf8');
    } catch {
      fail('LINK_CHECK_TEST_CA', `must name a readable PEM file, got '${caFile}'`);
    }
  }
  return {
    webhooks: {
      disableAfterMs: int(env, 'WEBHOOK_DISABLE_AFTER_MS', 3 * 86_400_000, 1000, 30 * 86_400_000),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    },
    outbox: {
      pollMs: int(env, 'OUTBOX_POLL_MS', 5000, 50, 600_000),
      leaseMs: int(env, 'OUTBOX_LEASE_MS', 60_000, 1000, 3_600_000),
      retryBaseMs: int(env, 'OUTBOX_RETRY_BASE_MS', 10_000, 10, 3_600_000),
    },
    linkCheck: {
      intervalMs,
      concurrency: int(env, 'LINK_CHECK_CONCURRENCY', 4, 1, 64),
      allow: allowedRanges(allowText),
      extraCa,
    },
  };
}
