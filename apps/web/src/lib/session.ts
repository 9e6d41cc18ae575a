import { type AuthTokenResponse, type CurrentUser, currentUserSchema } from '@studybuddy/contracts';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { local, session } from './storage';

/**
 * The one auth store (docs/product.md, Behaviour): the access token lives in memory only; session
 * storage holds the user's display data; local storage mirrors the logged-in flag for the UI
 * and other tabs. The refresh token is an HttpOnly cookie the script never sees.
 */
export interface SessionSnapshot {
  isLoggedIn: boolean;
  user: CurrentUser | null;
}

let accessToken: string | null = null;
let snapshot: SessionSnapshot = { isLoggedIn: false, user: null };
const listeners = new Set<() => void>();
let expiredHandler: (() => void) | null = null;

function emit(next: SessionSnapshot) {
  snapshot = next;
  for (const l of listeners) l();
}

export function getAccessToken(): string | null {
  return accessToken;
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this browser believes it has a session worth restoring (set by a previous login). */
export function hasLoggedInFlag(): boolean {
  return local.get(STORAGE_KEYS.loggedIn) === 'true';
}

/** Display data kept from before a reload, used only until the session is restored. */
export function storedUser(): CurrentUser | null {
  const raw = session.get(STORAGE_KEYS.currentUser);
  if (!raw) return null;
  try {
    const parsed = currentUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function startSession(auth: AuthTokenResponse): void {
  accessToken = auth.accessToken;
  session.set(STORAGE_KEYS.currentUser, JSON.stringify(auth.user));
  local.set(STORAGE_KEYS.loggedIn, 'true');
  emit({ isLoggedIn: true, user: auth.user });
}

/**
 * Opens the app with no server to ask (docs/architecture.md, The phone): the student this
 * browser was signed in as, with no token, reading the kept copy until the signal returns and
 * a refresh restores the real session (or ends it, if the server refuses it).
 */
export function startOfflineSession(user: CurrentUser): void {
  accessToken = null;
  emit({ isLoggedIn: true, user });
}

export function clearSession(): void {
  accessToken = null;
  session.clear();
  local.remove(STORAGE_KEYS.loggedIn);
  if (snapshot.isLoggedIn || snapshot.user) emit({ isLoggedIn: false, user: null });
}

/** Registered by the app: where to go when a session ends under the user's feet. */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  expiredHandler = handler;
}

/** The session could not be refreshed: become logged out and let the app send the user to login. */
export function expireSession(): void {
  const wasLoggedIn = snapshot.isLoggedIn;
  clearSession();
  if (wasLoggedIn) expiredHandler?.();
}
