import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNELS, createLocalBroadcast, createRedisBroadcast } from './broadcast.js';
import { connectRedis, type SharedRedis } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
const quiet = () => undefined;
const log = { warn: quiet, info: quiet } as unknown as FastifyBaseLogger;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a broadcast in one process', () => {
  it('hands each message to every listener of its channel until unsubscribed', () => {
    const b = createLocalBroadcast();
    const heard: string[] = [];
    const off = b.subscribe(CHANNELS.contentWritten, (m) => heard.push(m));
    b.subscribe(CHANNELS.sessionsEnded, (m) => heard.push(`ended ${m}`));
    b.publish(CHANNELS.contentWritten, '1:2');
    off();
    b.publish(CHANNELS.contentWritten, '1:3');
    expect(heard).toEqual(['1:2']);
    expect(b.delivery()).toBe(0);
  });
});

describe.runIf(redisUrl)('a broadcast over Redis', () => {
  const open: SharedRedis[] = [];
  afterEach(async () => {
    for (const r of open.splice(0)) await r.close();
  });
  const instance = async (prefix: string) => {
    const redis = await connectRedis(redisUrl as string, prefix);
    open.push(redis);
    return { redis, b: await createRedisBroadcast(redis, log) };
  };

  it('reaches the other instance once, and its own at once without an echo', async () => {
    const prefix = `studybuddy-test:${randomUUID()}:`;
    const one = await instance(prefix);
    const two = await instance(prefix);
    const elsewhere = await instance(`studybuddy-test:${randomUUID()}:`);
    const heard = { one: [] as string[], two: [] as string[], elsewhere: [] as string[] };
    one.b.subscribe(CHANNELS.sessionsEnded, (m) => heard.one.push(m));
    two.b.subscribe(CHANNELS.sessionsEnded, (m) => heard.two.push(m));
    elsewhere.b.subscribe(CHANNELS.sessionsEnded, (m) => heard.elsewhere.push(m));
    one.b.publish(CHANNELS.sessionsEnded, 'hello two');
    expect(heard.one).toEqual(['hello two']);
    await until(() => heard.two.length === 1, 'instance two');
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual({ one: ['hello two'], two: ['hello two'], elsewhere: [] });
  });

  it('says messages may be missed while the subscription is down, and starts anew after', async () => {
    const { redis, b } = await instance(`studybuddy-test:${randomUUID()}:`);
    const before = b.delivery();
    expect(before).toBeTypeOf('number');
    // Drop the connection as a network failure would; ioredis reconnects and re-subscribes.
    redis.subscriber.stream.destroy();
    await until(() => b.delivery() === undefined, 'the gap to show');
    await until(() => b.delivery() !== undefined, 'the subscription to come back');
    expect(b.delivery()).not.toBe(before);
  });

  it('names the server when Redis cannot be reached', async () => {
    await expect(connectRedis('redis://127.0.0.1:1')).rejects.toThrow(
      /Redis at redis:\/\/127\.0\.0\.1:1.* cannot be reached/,
    );
  });
});
