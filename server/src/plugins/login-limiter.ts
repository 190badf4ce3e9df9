import type { RedisLink } from './redis-link';
import { WindowCounter, redisHit } from './window-counter';

/**
 * Failed sign-in budgets (DESIGN §4, issue 11), for login and adminlogin. Only FAILED attempts
 * count, so a user who types the right password never uses them up. Three budgets, each a fixed
 * window; an attempt is refused (429) while any of them is used up:
 *
 * - per IP and account (RATE_LIMIT_LOGIN_PER_MIN, a minute): one guesser on one account;
 * - per IP, any account (RATE_LIMIT_LOGIN_IP_PER_MIN, a minute): password spraying — one address
 *   trying a few passwords on many accounts;
 * - per account, any IP (RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR, an hour): many addresses on one
 *   account. The price: someone who knows an email can lock that account's sign-in for up to an
 *   hour; it is the usual trade for not letting a botnet guess freely.
 *
 * Counters live in Redis when REDIS_URL is set (shared by the API nodes) and always in this
 * process too: when Redis is down or slow the local counters decide, so the protection stays on
 * (per node) instead of silently switching off.
 */
export interface LoginAttempt {
  /** 'admin-code': the admin's second step (issue 33), its own budgets, the same sizes. */
  kind: 'member' | 'admin' | 'admin-code';
  ip: string;
  /** The normalised email or the admin username. */
  account: string;
}

export interface LoginLimiter {
  /** True when any budget of this attempt is used up. */
  isBlocked(attempt: LoginAttempt): Promise<boolean>;
  /**
   * Whole seconds until every used-up budget of this attempt opens again; 0 when none is used
   * up. The 429 carries it as `Retry-After` (issue 33).
   */
  blockedForSeconds(attempt: LoginAttempt): Promise<number>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** A correct password: the budgets of this account start again (the per-IP one does not). */
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

export interface LoginBudgets {
  perIpAccountPerMin: number;
  perIpPerMin: number;
  perAccountPerHour: number;
}

interface Budget {
  key: string;
  max: number;
  windowMs: number;
  clearOnSuccess: boolean;
}

export function createLoginLimiter(budgets: LoginBudgets, redis?: RedisLink, prefix = 'rotalink:login-fail:'): LoginLimiter {
  if (budgets.perIpAccountPerMin <= 0)
    return { isBlocked: async () => false, blockedForSeconds: async () => 0, recordFailure: async () => {}, recordSuccess: async () => {} };
  const local = new WindowCounter();
  const of = ({ kind, ip, account }: LoginAttempt): Budget[] =>
    [
      { key: `${kind}|${ip}|${account}`, max: budgets.perIpAccountPerMin, windowMs: 60_000, clearOnSuccess: true },
      { key: `${kind}|ip|${ip}`, max: budgets.perIpPerMin, windowMs: 60_000, clearOnSuccess: false },
      { key: `${kind}|account|${account}`, max: budgets.perAccountPerHour, windowMs: 3_600_000, clearOnSuccess: true },
    ].filter((b) => b.max > 0);

  const blockedForSeconds = async (attempt: LoginAttempt): Promise<number> => {
    const list = of(attempt);
    const shared =
      redis &&
      (await redis.attempt(async (c) => {
        const keys = list.map((b) => prefix + b.key);
        const [counts, ttls] = await Promise.all([c.mget(...keys), Promise.all(keys.map((k) => c.pttl(k)))]);
        return list.map((_, i) => ({ n: Number(counts[i] ?? 0), ttl: ttls[i] }));
      }));
    const windows = shared?.ok ? shared.value : list.map((b) => ({ n: local.count(b.key), ttl: local.ttl(b.key) }));
    let waitMs = 0;
    list.forEach((b, i) => {
      // A used-up window without a readable expiry: its full length.
      if (windows[i].n >= b.max) waitMs = Math.max(waitMs, windows[i].ttl > 0 ? windows[i].ttl : b.windowMs);
    });
    return Math.ceil(waitMs / 1000);
  };

  return {
    blockedForSeconds,
    async isBlocked(attempt) {
      return (await blockedForSeconds(attempt)) > 0;
    },
    async recordFailure(attempt) {
      const list = of(attempt);
      for (const b of list) local.hit(b.key, b.windowMs);
      if (redis) await redis.attempt((c) => Promise.all(list.map((b) => redisHit(c, prefix + b.key, b.windowMs))));
    },
    async recordSuccess(attempt) {
      const list = of(attempt).filter((b) => b.clearOnSuccess);
      for (const b of list) local.clear(b.key);
      if (redis) await redis.attempt((c) => c.del(...list.map((b) => prefix + b.key)));
    },
  };
}
