import { Redis } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL), which holds only rate-limit counters. Redis is never
 * needed to answer a request (README "Failure modes"): every user of it has an in-process
 * fallback, so a Redis that is down or slow must cost a request at most `timeoutMs`, once.
 *
 * - commands fail at once while the connection is down (no offline queue) and time out after
 *   `timeoutMs` (REDIS_TIMEOUT_MS, default 300 ms) when Redis is there but not answering;
 * - after a failure Redis is skipped for `coolOffMs`, so a hanging Redis does not add its timeout
 *   to every request;
 * - ioredis reconnects by itself (every ≤ 2 s), so everything recovers when Redis returns.
 */
export class RedisLink {
  private skipUntil = 0;
  private readonly coolOffMs = 2000;

  private constructor(
    readonly client: Redis,
    readonly timeoutMs: number,
  ) {}

  /** REDIS_URL set but unreachable fails the start with one clear line. */
  static async connect(url: string, timeoutMs: number, onError: (err: Error) => void): Promise<RedisLink> {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: Math.max(1000, timeoutMs * 3),
      commandTimeout: timeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 100, 2000),
    });
    let cause: Error | undefined;
    const early = (err: Error) => (cause ??= err);
    client.on('error', early);
    try {
      await client.connect();
      await client.ping();
    } catch (err) {
      client.disconnect();
      throw new Error(`Cannot reach Redis at REDIS_URL (${url.replace(/:[^:@/]*@/, ':***@')}): ${(cause ?? (err as Error)).message}`);
    }
    client.off('error', early);
    // After start an outage is logged, never fatal (ioredis keeps reconnecting).
    client.on('error', onError);
    return new RedisLink(client, timeoutMs);
  }

  /** Worth trying now: connected, and no failure in the last moments. */
  usable(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.skipUntil;
  }

  /** Runs a Redis call, or says it could not (undefined) so the caller uses its fallback. */
  async attempt<T>(call: (client: Redis) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (!this.usable()) return (this.fallbacks++, { ok: false });
    try {
      return { ok: true, value: await call(this.client) };
    } catch {
      this.skipUntil = Date.now() + this.coolOffMs;
      this.fallbacks++;
      return { ok: false };
    }
  }

  /** Calls that fell back to this process's counters since start (issue 28: /metrics). */
  fallbacks = 0;

  /** For /healthz: answers a PING within the timeout right now (ignores the cool-off). */
  async ping(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    try {
      await this.client.ping();
      this.skipUntil = 0;
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // QUIT needs a connection; while Redis is away just stop reconnecting.
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}
