import type { Redis } from 'ioredis';

/**
 * Failed-login budget per IP and account (DESIGN §4 RATE_LIMIT_LOGIN_PER_MIN), for login and
 * adminlogin. Only FAILED attempts count, so a user who types the right password is never slowed.
 * Counters are shared through Redis when REDIS_URL is set (several API nodes), else in memory.
 */
export interface LoginLimiter {
  /** True when the key has used up its budget in the current minute. */
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

const WINDOW_MS = 60_000;

export function createLoginLimiter(maxPerMin: number, redis?: Redis): LoginLimiter {
  if (maxPerMin <= 0) return { isBlocked: async () => false, recordFailure: async () => {}, clear: async () => {} };
  if (redis) {
    const k = (key: string) => `rotalink-login-fail:${key}`;
    return {
      async isBlocked(key) {
        const v = await redis.get(k(key)).catch(() => null);
        return Number(v ?? 0) >= maxPerMin;
      },
      async recordFailure(key) {
        // INCR then set the window only on the first failure: a fixed one-minute window per key.
        await redis.multi().incr(k(key)).pexpire(k(key), WINDOW_MS, 'NX').exec().catch(() => undefined);
      },
      async clear(key) {
        await redis.del(k(key)).catch(() => undefined);
      },
    };
  }
  const counts = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = counts.get(key);
    if (e && e.until <= Date.now()) {
      counts.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async isBlocked(key) {
      return (live(key)?.n ?? 0) >= maxPerMin;
    },
    async recordFailure(key) {
      const e = live(key);
      if (e) e.n += 1;
      else counts.set(key, { n: 1, until: Date.now() + WINDOW_MS });
      // Keep memory bounded under a spray of random accounts.
      if (counts.size > 100_000) for (const [k2, v] of counts) if (v.until <= Date.now()) counts.delete(k2);
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}
