import type { RedisLink } from '../../plugins/redis-link';
import { WindowCounter, redisHit } from '../../plugins/window-counter';

/**
 * Issue 30 budgets, fixed windows like every limit here (plugins/window-counter.ts): in Redis
 * when REDIS_URL is set (shared by the API nodes), in this process when Redis is away (never
 * "no limit"). `take` counts the hit and says whether it is within the budget.
 */
export class ConversionLimits {
  private readonly local = new WindowCounter();

  constructor(
    private readonly budgets: { postbacksPerMin: number; unattributedPerHour: number },
    private readonly redis: RedisLink | undefined,
    private readonly prefix: string,
  ) {}

  private async take(key: string, max: number, windowMs: number): Promise<boolean> {
    if (max <= 0) return true;
    const local = this.local.hit(key, windowMs);
    if (!this.redis) return local.current <= max;
    const shared = await this.redis.attempt((c) => redisHit(c, this.prefix + key, windowMs));
    return (shared.ok ? shared.value.current : local.current) <= max;
  }

  /** A postback or pixel hit of this profile with this credential (the key, the signature, or none). */
  postback(profileId: string, credential: string): Promise<boolean> {
    return this.take(`pb|${profileId}|${credential}`, this.budgets.postbacksPerMin, 60_000);
  }

  /** One more unattributed conversion to store for this profile. */
  unattributed(profileId: string): Promise<boolean> {
    return this.take(`un|${profileId}`, this.budgets.unattributedPerHour, 3_600_000);
  }
}
