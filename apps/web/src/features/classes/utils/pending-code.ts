import { STORAGE_KEYS } from '@/config/storage-keys';
import { normalizeJoinCode } from './join-code';

/**
 * A class's join code kept in this tab while its visitor signs in (sessionStorage: gone with the
 * tab). Only a code's own characters are kept, so nothing else rides along into the page.
 */
export function keepPendingCode(code: string): void {
  const clean = normalizeJoinCode(code);
  if (clean) window.sessionStorage.setItem(STORAGE_KEYS.pendingClassCode, clean);
}

export function pendingCode(): string | null {
  return window.sessionStorage.getItem(STORAGE_KEYS.pendingClassCode);
}

export function forgetPendingCode(): void {
  window.sessionStorage.removeItem(STORAGE_KEYS.pendingClassCode);
}
