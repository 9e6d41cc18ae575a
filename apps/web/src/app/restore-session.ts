import { SCHOOL_SIGN_IN_DONE_HASH } from '@studybuddy/contracts';
import { refreshSession } from '@/lib/api-client';
import { clearSession, hasLoggedInFlag } from '@/lib/session';

let restoring: Promise<void> | null = null;

/**
 * App start (docs/product.md, Behaviour): the refresh cookie restores the in-memory access token.
 * Only a browser that was logged in asks for a refresh, so an anonymous visit does not produce a
 * 401 on every load, and starts without waiting for any request. The refresh fetches the XSRF
 * cookie first when it is missing (api-client's ensureXsrfCookie).
 */
export function restoreSession(): Promise<void> {
  // Once per page load, even when React runs the starting effect twice (StrictMode).
  restoring ??= (async () => {
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
    const restored = await refreshSession();
    if (!restored) clearSession();
  })();
  return restoring;
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
