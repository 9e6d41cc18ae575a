import { Redis } from 'ioredis';
import { maskUrl } from '../config/config.js';

/** The Redis every instance shares (REDIS_URL): one client for commands, one for pub/sub. */
export interface SharedRedis {
  /** Commands: rate-limit counters, publishing. */
  client: Redis;
  /** Subscriptions only: a subscribed connection may not run other commands. */
  subscriber: Redis;
  /** Keys and channels of this deployment start with it (tests give each app its own). */
  prefix: string;
  close(): Promise<void>;
}

/**
 * Connects both clients and fails start-up, naming the server, when Redis cannot be reached.
 * Once up, ioredis reconnects by itself; commands made while it is down fail at once rather
 * than queue, so a request never waits on a Redis that is away (the callers fall back).
 */
export async function connectRedis(url: string, prefix = 'studybuddy:'): Promise<SharedRedis> {
  const open = () =>
    new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      // Back off up to 2 s between reconnects, forever: Redis coming back is the normal end.
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
  const client = open();
  const subscriber = open();
  // ioredis reports a lost connection as an 'error' event; without a listener Node would treat
  // it as uncaught. The reconnects are logged by whoever uses the clients.
  for (const c of [client, subscriber]) c.on('error', () => undefined);
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (err) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${maskUrl(url)} cannot be reached: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return {
    client,
    subscriber,
    prefix,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
