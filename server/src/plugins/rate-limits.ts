import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TooMany } from '../errors';
import { createLoginLimiter, type LoginLimiter } from './login-limiter';
import type { RedisLink } from './redis-link';
import { fallbackStore } from './window-counter';

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
  }
}

export interface RateLimitOptions {
  redis?: RedisLink;
}

/**
 * DESIGN §4 rate limits: a global per-IP budget on every call, a tighter per-IP budget on
 * increment-clicks (route config `clickRateLimit`), failed logins per IP+account. 0 = off.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, opts: RateLimitOptions) => {
    const { globalPerMin, loginPerMin, loginIpPerMin, loginAccountPerHour } = app.config.rateLimit;
    await app.register(rateLimit, {
      global: globalPerMin > 0,
      max: globalPerMin > 0 ? globalPerMin : 1_000_000,
      timeWindow: 60_000,
      // Redis when it answers, this process's counters when it does not (never "no limit").
      store: fallbackStore(opts.redis, `${app.config.redisKeyPrefix}rl:`),
      errorResponseBuilder: (_req, ctx) => new TooMany(`Too many requests, please try again in ${ctx.after}.`),
    });
    app.decorate(
      'loginLimiter',
      createLoginLimiter(
        { perIpAccountPerMin: loginPerMin, perIpPerMin: loginIpPerMin, perAccountPerHour: loginAccountPerHour },
        opts.redis,
        `${app.config.redisKeyPrefix}login-fail:`,
      ),
    );
  },
  { name: 'rate-limits', dependencies: ['app-context'] },
);

/** Route config for increment-clicks: per visitor IP (DESIGN §4 RATE_LIMIT_CLICKS_PER_MIN). */
export function clickRateLimit(clicksPerMin: number): FastifyContextConfig {
  return clicksPerMin > 0 ? { rateLimit: { max: clicksPerMin, timeWindow: 60_000 } } : { rateLimit: false };
}
