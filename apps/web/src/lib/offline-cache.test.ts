import { QueryClient } from '@tanstack/react-query';
import { get, keys } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/testing/users';
import {
  clearOfflineData,
  getSyncedAt,
  keepOfflineCopy,
  OFFLINE_MAX_AGE_MS,
  readOfflineUser,
} from './offline-cache';

const ana = testUser({ id: 1, name: 'Ana K' });
const ben = testUser({ id: 2, username: 'ben', email: 'ben@example.com', name: 'Ben L' });

/** Waits out the gathered write (a second) with fake timers, then lets IndexedDB answer. */
async function settleWrites() {
  await vi.advanceTimersByTimeAsync(1_100);
  vi.useRealTimers();
  await new Promise((r) => setTimeout(r, 50));
}

async function answered(client: QueryClient, key: readonly unknown[], data: unknown) {
  await client.prefetchQuery({ queryKey: key, queryFn: () => Promise.resolve(data) });
}

/** Ana's session on this device: these answers arrive, the copy is written, the session ends. */
async function keptCopy(answers: Array<[readonly unknown[], unknown]>) {
  const client = new QueryClient();
  const stop = await keepOfflineCopy(client, ana);
  vi.useFakeTimers();
  for (const [key, data] of answers) await answered(client, key, data);
  await settleWrites();
  stop();
}

describe('the offline copy', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the study answers and nothing of the admin or the session', async () => {
    await keptCopy([
      [['study-sessions', 'mine'], [{ id: 7 }]],
      [['lessons', 'detail', 3], { id: 3, content: '# Waves' }],
      [['admin', 'overview'], { students: 40 }],
      [['auth', 'terms'], 'terms'],
    ]);

    const fresh = new QueryClient();
    await keepOfflineCopy(fresh, ana);
    expect(fresh.getQueryData(['study-sessions', 'mine'])).toEqual([{ id: 7 }]);
    expect(fresh.getQueryData(['lessons', 'detail', 3])).toEqual({ id: 3, content: '# Waves' });
    expect(fresh.getQueryData(['admin', 'overview'])).toBeUndefined();
    expect(fresh.getQueryData(['auth', 'terms'])).toBeUndefined();
    expect(getSyncedAt()).toBeGreaterThan(0);
    expect(await readOfflineUser()).toEqual(ana);
    // Shown at once, read again when a screen uses it: the copy may lag the last change.
    expect(
      fresh.getQueryCache().find({ queryKey: ['study-sessions', 'mine'] })?.state.isInvalidated,
    ).toBe(true);
  });

  it('reads the copy back only when asked to (a session opened with no signal)', async () => {
    await keptCopy([[['profile', 'mine'], { firstName: 'Maria' }]]);
    const online = new QueryClient();
    (await keepOfflineCopy(online, ana, { restore: false }))();
    expect(online.getQueryData(['profile', 'mine'])).toBeUndefined();
    const offline = new QueryClient();
    (await keepOfflineCopy(offline, ana, { restore: true }))();
    expect(offline.getQueryData(['profile', 'mine'])).toEqual({ firstName: 'Maria' });
  });

  it('deletes the previous student’s copy when another signs in on this browser', async () => {
    await keptCopy([[['plans', 'mine'], [{ id: 1, name: 'Ana’s plan' }]]]);

    const other = new QueryClient();
    await keepOfflineCopy(other, ben);
    expect(other.getQueryData(['plans', 'mine'])).toBeUndefined();
    expect(await readOfflineUser()).toEqual(ben);
    // Ana's copy is gone from the device, not only from Ben's screen.
    const back = new QueryClient();
    await keepOfflineCopy(back, ana);
    expect(back.getQueryData(['plans', 'mine'])).toBeUndefined();
  });

  it('is gone after log out', async () => {
    await keptCopy([[['plans', 'mine'], [{ id: 1 }]]]);
    await clearOfflineData();
    expect(await readOfflineUser()).toBeNull();
    expect(getSyncedAt()).toBeNull();
    const fresh = new QueryClient();
    await keepOfflineCopy(fresh, ana);
    expect(fresh.getQueryData(['plans', 'mine'])).toBeUndefined();
  });

  it('never holds a token', async () => {
    await keptCopy([[['profile', 'mine'], { firstName: 'Ana' }]]);
    const { createStore } = await import('idb-keyval');
    const store = createStore('studybuddy-offline', 'kv');
    const everything = JSON.stringify(
      await Promise.all((await keys(store)).map((k) => get(k, store))),
    );
    expect(everything).toContain('Ana');
    expect(everything).not.toMatch(/token|Bearer|eyJ/i);
  });

  it('drops a copy older than the limit', async () => {
    await keptCopy([[['plans', 'mine'], [{ id: 1 }]]]);
    const later = Date.now() + OFFLINE_MAX_AGE_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const fresh = new QueryClient();
    await keepOfflineCopy(fresh, ana);
    vi.restoreAllMocks();
    expect(fresh.getQueryData(['plans', 'mine'])).toBeUndefined();
  });
});
