import { authEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline-cache';
import { clearSession, getSession } from '@/lib/session';

/** POST /user/logout: revokes the session on the server and clears the refresh cookie. */
export function logout() {
  return apiRequest(authEndpoints.logout);
}

/**
 * Logs out (docs/product.md, Behaviour): posts /user/logout, clears session storage, the
 * logged-in flag and the offline copy, then loads /login afresh so no state of the old session survives in memory.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // First, while the session still lets it: what was done offline is sent (log out deletes
      // what is left), and the next student on this browser must not get this one's reminders.
      // (Loaded here: the navbar's log out is on every screen, the queue and push code are not.)
      const [{ flushQueue }, { stopThisBrowsersPush }] = await Promise.all([
        import('@/lib/offline-queue'),
        import('@/lib/browser-push'),
      ]);
      const userId = getSession().user?.id;
      if (userId !== undefined) await flushQueue(userId);
      await stopThisBrowsersPush();
      try {
        await logout();
      } catch {
        // Even when the server cannot be reached the student must end up logged out here.
      }
    },
    onSettled: async () => {
      clearSession();
      client.clear();
      // Before the page goes: the next student on this browser must not find the copy.
      await clearOfflineData();
      window.location.assign(paths.login);
    },
    meta: { handlesOwnErrors: true },
  });
}
