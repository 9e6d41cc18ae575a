import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { keepOfflineCopy } from '@/lib/offline-cache';
import { getAccessToken, getSession } from '@/lib/session';
import { local } from '@/lib/storage';
import { testUser } from '@/testing/users';
import { restoreSessionNow, resumeWhenOnline } from './restore-session';

const ana = testUser({ id: 1, name: 'Ana K' });

/** The server as the refresh sees it: every request answered by `answer`. */
function serverAnswers(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
}
const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));
const refused = () =>
  Promise.resolve(
    new Response(JSON.stringify({ message: 'Please log in again.', code: 'unauthorized' }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    }),
  );

/** A browser signed in as Ana before, with her copy kept. */
async function signedInBefore() {
  local.set(STORAGE_KEYS.loggedIn, 'true');
  (await keepOfflineCopy(new QueryClient(), ana))();
}

describe('restoring the session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens offline as the student this browser was signed in as when there is no signal', async () => {
    await signedInBefore();
    serverAnswers(noSignal);
    await restoreSessionNow();
    expect(getSession()).toEqual({ isLoggedIn: true, user: ana });
    expect(getAccessToken()).toBeNull();
  });

  it('does not ask the server when the device knows it has no signal', async () => {
    await signedInBefore();
    serverAnswers(noSignal);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await restoreSessionNow();
    } finally {
      vi.restoreAllMocks();
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(getSession()).toEqual({ isLoggedIn: true, user: ana });
  });

  it('ends the session when the server refuses the refresh, copy or not', async () => {
    await signedInBefore();
    serverAnswers(refused);
    await restoreSessionNow();
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('stays logged out offline when nobody signed in on this browser', async () => {
    (await keepOfflineCopy(new QueryClient(), ana))();
    serverAnswers(noSignal);
    await restoreSessionNow();
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('ends an offline session when the signal returns and the server refuses it', async () => {
    await signedInBefore();
    serverAnswers(noSignal);
    await restoreSessionNow();
    const stop = resumeWhenOnline();
    serverAnswers(refused);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getSession().isLoggedIn).toBe(false));
    stop();
  });
});
