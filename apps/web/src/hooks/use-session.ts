import { useSyncExternalStore } from 'react';
import { getSession, type SessionSnapshot, subscribeSession } from '@/lib/session';

/** The signed-in state and user, re-rendering on login, logout and expiry. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
