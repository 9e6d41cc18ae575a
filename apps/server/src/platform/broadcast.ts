import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRedis } from './redis.js';

/** Every channel of the deployment, subscribed to at start-up. */
export const CHANNELS = {
  /** "A topic of plan N was written": `${userId}:${planId}`. */
  contentWritten: 'content-written',
  /** Sessions that ended (sign-out, password change, account deleted): see session-cache.ts. */
  sessionsEnded: 'sessions-ended',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * A message to every instance of the deployment. One instance: in memory. Several
 * (REDIS_URL): Redis pub/sub, and this instance hears its own messages at once rather than
 * through Redis.
 */
export interface Broadcast {
  publish(channel: Channel, message: string): void;
  /** Calls `listener` with each message on the channel; returns the unsubscribe. */
  subscribe(channel: Channel, listener: (message: string) => void): () => void;
  /**
   * Changes whenever messages may have been missed (Redis pub/sub delivers nothing while the
   * connection is down); undefined while they are being missed. What is cached on the promise
   * of hearing about changes is good only while this stays the same.
   */
  delivery(): number | undefined;
}

export function createLocalBroadcast(): Broadcast {
  const emitter = new EventEmitter();
  // One listener per open progress stream; many students may watch at once.
  emitter.setMaxListeners(0);
  return {
    publish: (channel, message) => emitter.emit(channel, message),
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    delivery: () => 0,
  };
}

/** Over Redis pub/sub, every channel subscribed before it returns. */
export async function createRedisBroadcast(
  redis: SharedRedis,
  log: FastifyBaseLogger,
): Promise<Broadcast> {
  const local = createLocalBroadcast();
  const self = randomUUID();
  let delivery = 0;
  let delivering = true;
  // Any drop of the subscriber connection may have lost messages: a new delivery period
  // starts once it is subscribed again (ioredis re-subscribes before 'ready').
  redis.subscriber.on('close', () => {
    if (delivering) log.warn({ event: 'redis.down' }, 'lost the Redis subscription');
    delivering = false;
  });
  redis.subscriber.on('ready', () => {
    if (!delivering) log.info({ event: 'redis.up' }, 'Redis subscription back');
    delivery += 1;
    delivering = true;
  });
  redis.subscriber.on('message', (fullChannel: string, raw: string) => {
    const at = raw.indexOf(' ');
    // Our own message was delivered locally when it was published.
    if (at < 0 || raw.slice(0, at) === self) return;
    local.publish(fullChannel.slice(redis.prefix.length) as Channel, raw.slice(at + 1));
  });
  await redis.subscriber.subscribe(...Object.values(CHANNELS).map((c) => redis.prefix + c));
  return {
    publish(channel, message) {
      local.publish(channel, message);
      redis.client.publish(redis.prefix + channel, `${self} ${message}`).catch((err: unknown) => {
        log.warn({ err, event: 'redis.publish_failed', channel }, 'could not publish to Redis');
      });
    },
    subscribe: local.subscribe,
    delivery: () => (delivering && redis.subscriber.status === 'ready' ? delivery : undefined),
  };
}
