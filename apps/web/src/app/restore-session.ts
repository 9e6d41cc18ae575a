import { SCHOOL_SIGN_IN_DONE_HASH } from '@studybuddy/contracts';
import { lastRefreshUnreachable, refreshSession } from '@/lib/api-client';
import {
  clearSession,
  expireSession,
  getAccessToken,
  getSession,
  hasLoggedInFlag,
  startOfflineSession,
  storedUser,
} from '@/lib/session';

let restoring: Promise<void> | null = null;

/**
 * App start (docs/product.md, Behaviour): the refresh cookie restores the in-memory access token.
 * Only a browser that was logged in asks for a refresh, so an anonymous visit does not produce a
 * 401 on every load, and starts without waiting for any request. The refresh fetches the XSRF
 * cookie first when it is missing (api-client's ensureXsrfCookie).
 */
export function restoreSession(): Promise<void> {
  // Once per page load, even when React runs the starting effect twice (StrictMode).
  restoring ??= restoreSessionNow();
  return restoring;
}

/** restoreSession's work, each call afresh (tests). */
export async function restoreSessionNow(): Promise<void> {
  // A school sign-in ends on /dashboard#school-sign-in with a refresh cookie set and no flag
  // yet in this browser: its session is restored like any other, and the mark dropped.
  const fromSchool = window.location.hash === SCHOOL_SIGN_IN_DONE_HASH;
  if (fromSchool)
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  if (!hasLoggedInFlag() && !fromSchool) {
    clearSession();
    return;
  }
  // A device that knows it has no signal does not try (resumeWhenOnline does, when it returns).
  const noSignal = navigator.onLine === false;
  if (!noSignal && (await refreshSession())) return;
  // No server to ask (no signal, or it is down): the student this browser is signed in as
  // reads the kept copy; a refusal ends the session as before.
  const unreachable = noSignal || lastRefreshUnreachable();
  const user = unreachable
    ? ((await (await import('@/lib/offline-cache')).readOfflineUser()) ?? storedUser())
    : null;
  if (user && !fromSchool) startOfflineSession(user);
  else clearSession();
}

/**
 * When the signal returns to an app opened offline, the refresh cookie restores the session;
 * if the server refuses it now (logged out elsewhere, the password changed), the session ends.
 */
export function resumeWhenOnline(): () => void {
  async function onOnline() {
    if (!getSession().isLoggedIn || getAccessToken()) return;
    if (!(await refreshSession()) && !lastRefreshUnreachable()) expireSession();
  }
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

/** Keeps tabs in step: logging out in one tab logs out the others, logging in restores them. */
export function syncSessionAcrossTabs(loggedInKey: string): () => void {
  function onStorage(event: StorageEvent) {
    if (event.key !== loggedInKey) return;
    if (event.newValue === 'true') void refreshSession();
    else clearSession();
  }
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
