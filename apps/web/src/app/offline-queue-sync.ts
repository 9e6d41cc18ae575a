import type { QueryClient } from '@tanstack/react-query';
import { flushQueue, keepOnlyActionsOf, onQueueFlushed } from '@/lib/offline-queue';
import { getAccessToken, getSession, subscribeSession } from '@/lib/session';

/**
 * Sends what was done offline once there is someone to send it as and a signal: at a login or
 * a restored session (another student's waiting actions are dropped first), and whenever the
 * signal returns. What it changed on the server is then read again everywhere.
 */
export function sendQueuedActions(client: QueryClient): () => void {
  let userId: number | null = null;
  const tryFlush = () => {
    const { user } = getSession();
    if (!user || !getAccessToken() || navigator.onLine === false) return;
    void flushQueue(user.id);
  };
  const onSession = () => {
    const id = getSession().user?.id ?? null;
    if (id !== null && id !== userId) void keepOnlyActionsOf(id).then(tryFlush);
    else tryFlush();
    userId = id;
  };
  const stopSession = subscribeSession(onSession);
  const stopFlushed = onQueueFlushed(() => void client.invalidateQueries());
  window.addEventListener('online', tryFlush);
  onSession();
  return () => {
    stopSession();
    stopFlushed();
    window.removeEventListener('online', tryFlush);
  };
}
