import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { tooManyRequests } from '../errors';
import type { Redis } from '../providers/redis/index';
import type { LimitGroup } from './quota';

/** Requests per minute; 0 turns that limit off. */
export interface RateLimitSettings {
  /** Every API request of one signed-in user (or, signed out, one address). */
  api: number;
  /** Sign-in and registration attempts from one address. */
  auth: number;
  /** Requests that start a generation (chat replies, lyric feedback, reviews, plans, covers, beats and their variations and extensions) per user. */
  generate: number;
  /** Shared counters across processes; in memory (this process only) when absent. */
  redis?: Redis;
  /** Prefix of the counters' keys in Redis. */
  keyPrefix: string;
}

const WINDOW_MS = 60_000;

type Group = LimitGroup;

const MESSAGES: Record<'api' | Group, string> = {
  api: 'Too many requests. Please slow down and try again',
  auth: 'Too many sign-in attempts from this network. Try again',
  generate: 'You are starting generations too quickly. Try again',
  page: 'Too many requests from this network. Try again',
};

function inAbout(seconds: number): string {
  return seconds <= 1 ? 'in a second.' : `in ${seconds} seconds.`;
}

/** Who a limit counts: the signed-in user, else the client's address. */
const who = (request: FastifyRequest) => (request.user ? `u${request.user.id}` : `ip${request.ip}`);

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => object;

/**
 * @fastify/rate-limit's own Redis store, except that limiters made with `createRateLimit` keep the
 * namespace as it is. The library's `child()` appends the route's method and URL, which
 * `createRateLimit` leaves empty, so every key read `<prefix>rate:undefinedundefined-api:u1`;
 * the keys here name their group already (`<prefix>rate:api:u1`).
 */
function redisStore(redis: Redis, nameSpace: string): NonNullable<RateLimitPluginOptions['store']> {
  const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;
  class GroupedRedisStore extends RedisStore {
    constructor(params: StoreParams) {
      super(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
    }
    child(params: StoreParams) {
      return new GroupedRedisStore(params);
    }
  }
  return GroupedRedisStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}

/**
 * Request rate limits (ADR 022) on @fastify/rate-limit: a per-minute budget for every API request,
 * and stricter ones for sign-in/registration and for generations. With Redis the counters are
 * shared by every app process; without it they live in this process. A Redis outage fails open
 * (the plugin's skipOnError; the Redis client logs the outage): requests are served unlimited
 * rather than refused. Registered after the authorization plugin, so the user is known.
 * Public routes (health checks, the web app's files, the payment webhook) are not limited.
 * The failed-sign-in and registration throttles stay in the database (ADR 004), shared anyway.
 */
export const rateLimitPlugin = fp<RateLimitSettings>(async (app, settings) => {
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    skipOnError: true,
    ...(settings.redis ? { store: redisStore(settings.redis, `${settings.keyPrefix}rate:`) } : {}),
  });
  const limiter = (group: 'api' | Group, max: number, key: (request: FastifyRequest) => string) =>
    max > 0 ? { group, check: app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: (request) => `${group}:${key(request)}` }) } : undefined;
  const api = limiter('api', settings.api, who);
  const groups: Record<Group, ReturnType<typeof limiter>> = {
    auth: limiter('auth', settings.auth, (request) => `ip${request.ip}`),
    generate: limiter('generate', settings.generate, who),
    // Public pages (a release page and its files) by address, on the API's budget.
    page: limiter('page', settings.api, (request) => `ip${request.ip}`),
  };

  // With every limit off (the benchmarks, ADR 022), no hook at all.
  if (!api && !groups.auth && !groups.generate) return;
  // Callback-style, and no promise at all when no limit applies to the route (most routes with
  // only the generation limit on): an async hook costs every request a promise and a microtask
  // (ADR 025).
  const check = async (request: FastifyRequest, reply: FastifyReply, limits: readonly (ReturnType<typeof limiter> | undefined)[]) => {
    for (const limit of limits) {
      if (!limit) continue;
      const result = await limit.check(request);
      if (result.isAllowed) continue;
      if (result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', 0);
        throw tooManyRequests(`${MESSAGES[limit.group]} ${inAbout(seconds)}`, seconds);
      }
      if (limit === api) reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', result.remaining);
    }
  };
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config.access;
    // The route's own declaration (`config.limit`, ADR 038): no list of routes to keep in step.
    const group = request.routeOptions.config.limit;
    if (access === undefined) return done();
    // Public routes are limited only when they ask to be (`limit: 'page'`).
    if (access === 'public' && group !== 'page') return done();
    const first = access === 'public' ? undefined : api;
    const second = group ? groups[group] : undefined;
    if (!first && !second) return done();
    check(request, reply, [first, second]).then(() => done(), done);
  });
});
