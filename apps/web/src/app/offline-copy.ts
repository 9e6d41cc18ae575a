import type { QueryClient } from '@tanstack/react-query';
import { clearOfflineData, keepOfflineCopy } from '@/lib/offline-cache';
import { getSession, subscribeSession } from '@/lib/session';

/**
 * Keeps the signed-in student's offline copy in step with the session: a login (or the
 * restored session) starts keeping that student's copy, a logout or an ended session deletes
 * it. Resolves, once the current student's copy is in the cache, with the function that stops
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
      if (next) stop = await keepOfflineCopy(client, next);
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
