import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis-link';

export interface Hit {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Fixed-window counters in this process: the rate limits' store when there is no Redis, and
 * their fallback when Redis is down (README "Failure modes": limits fail closed per node, never
 * open). Bounded: past `maxKeys` expired windows go first, then the oldest.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { n: number; until: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  private live(key: string, now: number) {
    const w = this.windows.get(key);
    if (w && w.until <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  hit(key: string, windowMs: number): Hit {
    const now = Date.now();
    let w = this.live(key, now);
    if (w) w.n += 1;
    else {
      w = { n: 1, until: now + windowMs };
      this.windows.set(key, w);
      if (this.windows.size > this.maxKeys) this.trim(now);
    }
    return { current: w.n, ttl: w.until - now };
  }

  count(key: string): number {
    return this.live(key, Date.now())?.n ?? 0;
  }

  /** Milliseconds until this key's window ends (0 when it has none). */
  ttl(key: string): number {
    const now = Date.now();
    const w = this.live(key, now);
    return w ? w.until - now : 0;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private trim(now: number): void {
    for (const [k, w] of this.windows) if (w.until <= now) this.windows.delete(k);
    // Still full (a spray of fresh keys): drop the oldest windows (Map keeps insertion order).
    for (const k of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}

/** The same fixed window in Redis, shared by every API node: INCR, set the expiry on the first hit. */
export async function redisHit(client: Redis, key: string, windowMs: number): Promise<Hit> {
  const res = await client.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
  if (!res || res.some(([err]) => err)) throw res?.find(([err]) => err)?.[0] ?? new Error('Redis transaction aborted');
  const ttl = Number(res[2][1]);
  return { current: Number(res[0][1]), ttl: ttl > 0 ? ttl : windowMs };
}

/**
 * A store for @fastify/rate-limit: Redis when it answers (counters shared by the nodes), this
 * process's own counters when it does not. The local counters always count too, so a fallback
 * starts from this node's recent traffic rather than from zero.
 */
export function fallbackStore(link: RedisLink | undefined, prefix: string): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    private readonly local = new WindowCounter();

    constructor(
      _options: unknown,
      private readonly ns = prefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow = 60_000): void {
      const local = this.local.hit(key, timeWindow);
      if (!link) return callback(null, local);
      void link.attempt((client) => redisHit(client, this.ns + key, timeWindow)).then((r) => callback(null, r.ok ? r.value : local));
    }

    // @fastify/rate-limit calls this per route with a custom budget; its keys get their own prefix.
    child(routeOptions: unknown): FastifyRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new Store(routeOptions, `${this.ns}${info.method ?? ''}${info.url ?? ''}-`);
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
