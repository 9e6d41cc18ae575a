// jsdom has no IndexedDB, which the offline copy keeps the study data in (browsers all have it).
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearOfflineData } from '@/lib/offline-cache';
import { clearSession } from '@/lib/session';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // The test files share one page and their modules (isolate: false, for speed): nothing a test
  // left, a session in the auth store included, may reach the next.
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  onlineManager.setOnline(true);
  await clearOfflineData();
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
