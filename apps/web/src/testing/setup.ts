import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearSession } from '@/lib/session';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The test files share one page and their modules (isolate: false, for speed): nothing a test
  // left, a session in the auth store included, may reach the next.
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
