import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, type SerializedAnswer } from './answer-cache.js';

/** A reply whose serializer is JSON.stringify, as a route without a schema has. */
async function withReply<T>(use: (reply: import('fastify').FastifyReply) => Promise<T>) {
  const app = Fastify();
  let out: T | undefined;
  app.get('/', async (_req, reply) => {
    out = await use(reply);
    return {};
  });
  await app.inject({ url: '/' });
  await app.close();
  return out as T;
}

describe('answer cache', () => {
  it('keeps an answer under its version and makes it again once the version moves', async () => {
    const cache = createAnswerCache(1024);
    let made = 0;
    const make = async () => ({ n: ++made });
    const ask = (version: string | undefined) =>
      withReply((reply) => cache.answer(reply, 'ana', async () => version, make));
    const text = (a: SerializedAnswer) => a.body.toString();

    expect(text(await ask('v1'))).toBe('{"n":1}');
    expect(text(await ask('v1'))).toBe('{"n":1}');
    expect(text(await ask('v2'))).toBe('{"n":2}');
    expect(text(await ask('v1'))).toBe('{"n":3}');
    // Without a version nothing is kept: there is nothing to check it against.
    expect(text(await ask(undefined))).toBe('{"n":4}');
    expect(text(await ask(undefined))).toBe('{"n":5}');
    expect(cache.size()).toEqual({ bytes: 0, answers: 0 });
  });

  it('reads the version before the data', async () => {
    const cache = createAnswerCache(1024);
    const order: string[] = [];
    await withReply((reply) =>
      cache.answer(
        reply,
        'ana',
        async () => {
          order.push('version');
          return 'v1';
        },
        async () => {
          order.push('data');
          return [];
        },
      ),
    );
    expect(order).toEqual(['version', 'data']);
  });

  it('lets the least recently used answers go past its size', async () => {
    // Each answer is {"key":"a","pad":"xxxxx"}: 25 bytes, so two fit in 60.
    const cache = createAnswerCache(60);
    const made: string[] = [];
    const ask = (key: string) =>
      withReply((reply) =>
        cache.answer(
          reply,
          key,
          async () => 'v',
          async () => {
            made.push(key);
            return { key, pad: 'xxxxx' };
          },
        ),
      );
    await ask('a');
    await ask('b');
    await ask('a'); // kept: used again, so now the most recent
    await ask('c'); // b goes
    expect(cache.size()).toEqual({ answers: 2, bytes: 50 });
    await ask('a');
    await ask('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    // An answer bigger than the whole cache is sent, not kept.
    const big = await withReply((reply) =>
      cache.answer(
        reply,
        'big',
        async () => 'v',
        async () => ({ pad: 'x'.repeat(80) }),
      ),
    );
    expect(big.body.length).toBeGreaterThan(60);
    expect(cache.size().answers).toBe(2);
  });
});
