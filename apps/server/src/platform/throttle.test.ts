import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import {
  clientAddress,
  createAiBudget,
  createThrottle,
  throttled,
  waitPhrase,
} from './throttle.js';

describe('createThrottle', () => {
  it('allows the rule’s points per key, then refuses with the seconds left in the window', async () => {
    const t = createThrottle('test', { points: 2, windowSec: 60 });
    expect(await t.consume('a')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await t.consume('a')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await t.consume('a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSec).toBeGreaterThan(55);
    expect(refused.retryAfterSec).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect((await t.consume('b')).allowed).toBe(true);
  });

  it('takes several points at once, and gives them back on reward or delete', async () => {
    const t = createThrottle('test', { points: 3, windowSec: 60 });
    expect((await t.consume('a', 3)).allowed).toBe(true);
    expect((await t.consume('a')).allowed).toBe(false);
    await t.reward('a', 2);
    expect((await t.consume('a')).allowed).toBe(true);
    await t.delete('a');
    expect(await t.consume('a', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await t.consume('b', 4)).allowed).toBe(false);
  });

  it('lets a store failure surface instead of reading it as a refusal', async () => {
    const broken = createThrottle('test', { points: 1, windowSec: 60 }, () => {
      const fail = () => Promise.reject(new Error('store down'));
      return { consume: fail, reward: fail, delete: fail } as never;
    });
    await expect(broken.consume('a')).rejects.toThrow('store down');
  });
});

describe('createAiBudget', () => {
  it('keeps one count per student', async () => {
    const budget = createAiBudget(2);
    expect((await budget.consume(1)).allowed).toBe(true);
    expect((await budget.consume(1)).allowed).toBe(true);
    expect((await budget.consume(1)).allowed).toBe(false);
    expect((await budget.consume(2, 2)).allowed).toBe(true);
  });
});

describe('clientAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientAddress(ip)).toBe(key);
  });
});

describe('waitPhrase', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('says %i seconds as “%s”', (sec, words) => {
    expect(waitPhrase(sec)).toBe(words);
  });
});

describe('throttled', () => {
  it('answers 429 rate_limited with Retry-After and the wait in words', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/', async (_req, reply) => {
      throw throttled(reply, { allowed: false, retryAfterSec: 90, remaining: 0 });
    });
    const r = await app.inject('/');
    expect(r.headers['retry-after']).toBe('90');
    expect(r.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 2 minutes.',
      requestId: expect.any(String),
    });
  });
});
