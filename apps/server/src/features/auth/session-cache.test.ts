import { describe, expect, it } from 'vitest';
import { type Broadcast, createLocalBroadcast } from '../../platform/broadcast.js';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache.js';

/** A local broadcast whose delivery period the test sets (undefined: messages being missed). */
function broadcastWithDelivery() {
  const local = createLocalBroadcast();
  let delivery: number | undefined = 0;
  const b: Broadcast = { ...local, delivery: () => delivery };
  return { b, setDelivery: (d: number | undefined) => (delivery = d) };
}

function setUp() {
  const { b, setDelivery } = broadcastWithDelivery();
  let now = 1_000_000;
  const cache = createSessionCache(b, () => now);
  let lookups = 0;
  /** The database's answer: live until `until` (ms), or not live. */
  let until: number | undefined = now + 3_600_000;
  const isLive = (sid = 's1', userId = 7) =>
    cache.isLive(sid, userId, async () => {
      lookups += 1;
      return until;
    });
  return {
    cache,
    isLive,
    lookups: () => lookups,
    tick: (ms: number) => (now += ms),
    setUntil: (u: number | undefined) => (until = u),
    now: () => now,
    setDelivery,
  };
}

describe('the cache of live sessions', () => {
  it('asks the database once per session for a few seconds, then again', async () => {
    const s = setUp();
    expect(await s.isLive()).toBe(true);
    expect(await s.isLive()).toBe(true);
    expect(s.lookups()).toBe(1);
    s.tick(SESSION_CACHE_MS + 1);
    expect(await s.isLive()).toBe(true);
    expect(s.lookups()).toBe(2);
    // Another user's token naming the same session id is not served from the cache.
    expect(await s.isLive('s1', 8)).toBe(true);
    expect(s.lookups()).toBe(3);
  });

  it('never remembers a session past its own end, nor a "no"', async () => {
    const s = setUp();
    s.setUntil(s.now() + 2_000);
    expect(await s.isLive()).toBe(true);
    s.tick(2_001);
    s.setUntil(undefined);
    expect(await s.isLive()).toBe(false);
    expect(await s.isLive()).toBe(false);
    expect(s.lookups()).toBe(3);
  });

  it('forgets the sessions that ended: one, all but one, all of a user', async () => {
    const s = setUp();
    for (const sid of ['a', 'b', 'c']) await s.isLive(sid);
    await s.isLive('other', 9);
    s.cache.ended({ userId: 7, sessionId: 'a' });
    s.setUntil(undefined);
    expect(await s.isLive('a')).toBe(false);
    expect(await s.isLive('b')).toBe(true);
    s.cache.ended({ userId: 7, except: 'b' });
    expect(await s.isLive('c')).toBe(false);
    expect(await s.isLive('b')).toBe(true);
    s.cache.ended({ userId: 7 });
    expect(await s.isLive('b')).toBe(false);
    // Another student's session stays remembered.
    expect(await s.isLive('other', 9)).toBe(true);
  });

  it('does not keep an answer read while a session was ending', async () => {
    const { b } = broadcastWithDelivery();
    const cache = createSessionCache(b, () => 0);
    let lookups = 0;
    const first = cache.isLive('s1', 7, async () => {
      lookups += 1;
      // The database said "live" just before the sign-out committed and was announced.
      cache.ended({ userId: 7, sessionId: 's1' });
      return 60_000;
    });
    expect(await first).toBe(true);
    const again = cache.isLive('s1', 7, async () => {
      lookups += 1;
      return undefined;
    });
    expect(await again).toBe(false);
    expect(lookups).toBe(2);
  });

  it('keeps nothing while messages may be missed, and nothing from before a gap', async () => {
    const s = setUp();
    await s.isLive();
    s.setDelivery(undefined);
    await s.isLive();
    await s.isLive();
    expect(s.lookups()).toBe(3);
    // Back, but what was cached before the gap may have missed an end.
    s.setDelivery(1);
    await s.isLive();
    await s.isLive();
    expect(s.lookups()).toBe(4);
  });
});
