import type { QueryClient } from '@tanstack/react-query';
import { clearOfflineData, keepOfflineCopy } from '@/lib/offline-cache';
import { getAccessToken, getSession, subscribeSession } from '@/lib/session';

/**
 * Keeps the signed-in student's offline copy in step with the session: a login (or the
 * restored session) starts keeping that student's copy, and a session opened with no signal
 * reads it back; a logout or an ended session deletes it. Resolves, once the current student's copy is in the cache, with the function that stops
 * following.
 */
export async function followSessionWithOfflineCopy(client: QueryClient): Promise<() => void> {
  let userId: number | null = null;
  let stop: (() => void) | null = null;
  // Sessions change faster than IndexedDB answers (a login right after a logout): each change
  // waits for the one before.
  let queue: Promise<void> = Promise.resolve();

  const follow = () => {
    const { isLoggedIn, user } = getSession();
    const next = isLoggedIn && user ? user : null;
    if ((next?.id ?? null) === userId) return;
    userId = next?.id ?? null;
    queue = queue.then(async () => {
      stop?.();
      stop = null;
      // Read back only for a session opened offline (no token): online, the server answers.
      if (next) stop = await keepOfflineCopy(client, next, { restore: getAccessToken() === null });
      else await clearOfflineData();
    });
  };

  const unsubscribe = subscribeSession(follow);
  follow();
  await queue;
  return () => {
    unsubscribe();
    stop?.();
  };
}
