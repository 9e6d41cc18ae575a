import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './app-error.js';
import { currentUser } from './authenticate.js';
import type { SharedRedis } from './redis.js';

/** How many points one key may spend in a fixed window. */
export interface ThrottleRule {
  points: number;
  windowSec: number;
}

/** The answer to one consume: allowed or not, and when the window frees up again. */
export interface ThrottleDecision {
  allowed: boolean;
  /** Whole seconds until the key's window ends (at least 1). */
  retryAfterSec: number;
  remaining: number;
}

/**
 * Makes the counter store of one named throttle. Memory counts per process; when several
 * instances run, a factory returning RateLimiterRedis (same options plus `storeClient`) shares
 * the counts without any caller changing.
 */
export type ThrottleStore = (name: string, rule: ThrottleRule) => RateLimiterAbstract;

/** Counts in this process's memory: right for one instance, cleared by a restart. */
export const memoryStore: ThrottleStore = (name, rule) =>
  new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.windowSec });

/**
 * Counts in Redis, shared by every instance. While Redis is away each instance counts in its
 * own memory instead (the insurance limiter), so a Redis outage loosens the limits by the
 * number of instances for that time rather than failing every limited request.
 */
export const redisStore =
  (redis: SharedRedis): ThrottleStore =>
  (name, rule) =>
    new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${redis.prefix}throttle:${name}`,
      points: rule.points,
      duration: rule.windowSec,
      insuranceLimiter: memoryStore(name, rule),
    });

/** One counter per logical action (not per path), keyed by whoever acts. */
export interface Throttle {
  readonly name: string;
  readonly rule: ThrottleRule;
  /** Spends points (1 by default); a refused consume still counts until the window ends. */
  consume(key: string, points?: number): Promise<ThrottleDecision>;
  /** Gives points back, e.g. a point reserved before a check that then succeeded. */
  reward(key: string, points?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A named throttle over its own counter store. */
export function createThrottle(
  name: string,
  rule: ThrottleRule,
  store: ThrottleStore = memoryStore,
): Throttle {
  const limiter = store(name, rule);
  const decide = (res: RateLimiterRes, allowed: boolean): ThrottleDecision => ({
    allowed,
    retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    remaining: res.remainingPoints,
  });
  return {
    name,
    rule,
    async consume(key, points = 1) {
      try {
        return decide(await limiter.consume(key, points), true);
      } catch (err) {
        // A store failure (Redis down) rejects with an Error, not a RateLimiterRes: let it surface.
        if (err instanceof RateLimiterRes) return decide(err, false);
        throw err;
      }
    },
    async reward(key, points = 1) {
      await limiter.reward(key, points);
    },
    async delete(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * The key for a client address. An IPv6 user usually holds a whole /64, so counting single
 * addresses would hand out 2^64 fresh counters; IPv4-mapped addresses count as IPv4.
 */
export function clientAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** "45 seconds", "1 minute", "15 minutes": how long a student waits, in words. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The 429 for a refused decision, with Retry-After set so a client knows when to come back:
 * `throw throttled(reply, decision)`. `message` gets the wait in words.
 */
export function throttled(
  reply: FastifyReply,
  decision: ThrottleDecision,
  message: (wait: string) => string = (wait) => `Too many attempts. Please try again in ${wait}.`,
): AppError {
  reply.header('retry-after', String(decision.retryAfterSec));
  return new AppError(429, 'rate_limited', message(waitPhrase(decision.retryAfterSec)));
}

/**
 * Who made a request, for security log lines: the student, the first 8 characters of the
 * session id (enough to tell sessions apart, useless to replay) and the client address.
 */
export function securityFields(request: FastifyRequest): {
  userId?: number;
  sid?: string;
  ip: string;
} {
  const user = request.authUser;
  return user
    ? { userId: user.id, sid: user.sessionId.slice(0, 8), ip: request.ip }
    : { ip: request.ip };
}

/** The `upload.refused` line for a study file the server would not read: its code and why. */
export function logRefusedFile(request: FastifyRequest) {
  return (refused: { code: string; message: string }) =>
    request.log.warn(
      {
        event: 'upload.refused',
        ...securityFields(request),
        code: refused.code,
        reason: refused.message,
      },
      'file refused',
    );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Points this route takes from the student's AI budget per request. */
    aiCost?: number;
  }
}

/** One budget per student across every route that calls the AI, and for services that do. */
export interface AiBudget {
  readonly perMinute: number;
  consume(userId: number, points?: number): Promise<ThrottleDecision>;
}

/** The AI budget: `perMinute` points per student, every AI route and service drawing on it. */
export function createAiBudget(perMinute: number, store: ThrottleStore = memoryStore): AiBudget {
  const throttle = createThrottle('ai_budget', { points: perMinute, windowSec: 60 }, store);
  return {
    perMinute,
    consume: (userId, points = 1) => throttle.consume(`user:${userId}`, points),
  };
}

/**
 * Charges every route whose config names an `aiCost` to the student's budget. The check is a
 * preHandler, so authentication (onRequest) has already named the student; it must be
 * registered before the feature routes.
 */
export function registerAiBudget(app: FastifyInstance, budget: AiBudget): void {
  app.addHook('onRoute', (routeOptions) => {
    const cost = routeOptions.config?.aiCost;
    if (!cost) return;
    const charge: preHandlerHookHandler = async (request, reply) => {
      // AI routes are behind authentication; one without it is refused rather than left open.
      const decision = await budget.consume(currentUser(request).id, cost);
      if (!decision.allowed) {
        request.log.info(
          { event: 'ai.budget_exhausted', ...securityFields(request), url: request.url },
          'AI budget used up',
        );
        throw throttled(
          reply,
          decision,
          (wait) =>
            `You have used this minute's ${budget.perMinute} AI requests. Please try again in ${wait}.`,
        );
      }
    };
    const existing = routeOptions.preHandler;
    routeOptions.preHandler = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      charge,
    ];
  });
}

/**
 * Runs a check of the student's current password under its throttle (a login in disguise): a
 * point is reserved before the check, so concurrent guesses cannot all slip past, kept and
 * logged when the password was wrong, and given back otherwise.
 */
export async function withPasswordCheck<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  checks: Throttle,
  key: string,
  check: () => Promise<T>,
  opts: {
    /** Error codes that are a failed check (a wrong two-step code is one too, where asked). */
    failures?: readonly string[];
    /** The 429's message. */
    tooMany?: (wait: string) => string;
  } = {},
): Promise<T> {
  const failures = opts.failures ?? ['wrong_password'];
  const decision = await checks.consume(key);
  if (!decision.allowed) {
    request.log.warn(
      { event: 'auth.password_check_throttled', ...securityFields(request) },
      'current-password check refused: too many failures',
    );
    throw throttled(
      reply,
      decision,
      opts.tooMany ?? ((wait) => `Too many wrong current passwords. Please try again in ${wait}.`),
    );
  }
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (err instanceof AppError && failures.includes(err.code)) {
      request.log.warn(
        { event: 'auth.password_check_failed', code: err.code, ...securityFields(request) },
        'wrong current password or code',
      );
    } else {
      await checks.reward(key);
    }
    throw err;
  }
  await checks.reward(key);
  return result;
}
