import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { TooMany } from '../errors';
import { createLoginLimiter, type LoginLimiter } from './login-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
  }
}

export interface RateLimitOptions {
  redis?: Redis;
}

/**
 * DESIGN §4 rate limits: a global per-IP budget on every call, a tighter per-IP budget on
 * increment-clicks (route config `clickRateLimit`), failed logins per IP+account. 0 = off.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, opts: RateLimitOptions) => {
    const { globalPerMin, loginPerMin } = app.config.rateLimit;
    await app.register(rateLimit, {
      global: globalPerMin > 0,
      max: globalPerMin > 0 ? globalPerMin : 1_000_000,
      timeWindow: 60_000,
      ...(opts.redis ? { redis: opts.redis, nameSpace: 'rotalink-rl:' } : {}),
      // A Redis outage must not take the API down: let calls through and log it.
      skipOnError: true,
      errorResponseBuilder: (_req, ctx) => new TooMany(`Too many requests, please try again in ${ctx.after}.`),
    });
    app.decorate('loginLimiter', createLoginLimiter(loginPerMin, opts.redis));
  },
  { name: 'rate-limits', dependencies: ['app-context'] },
);

/** Route config for increment-clicks: per visitor IP (DESIGN §4 RATE_LIMIT_CLICKS_PER_MIN). */
export function clickRateLimit(clicksPerMin: number): FastifyContextConfig {
  return clicksPerMin > 0 ? { rateLimit: { max: clicksPerMin, timeWindow: 60_000 } } : { rateLimit: false };
}
