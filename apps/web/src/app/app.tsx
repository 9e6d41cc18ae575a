import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';
import { restoreSession, resumeWhenOnline, syncSessionAcrossTabs } from './restore-session';
import { AppRoutes } from './router';
import { ScrollRestoration } from './scroll-restoration';

const queryClient = createQueryClient();

/**
 * Providers and the router. Until the session is restored (and the student's offline copy is in
 * the cache) only the loading overlay shows, so a reload never flashes the login screen.
 */
export function App() {
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let stopOffline: (() => void) | undefined;
    let stopWaiting: (() => void) | undefined;
    const startOffline = async () => {
      const { startOfflineSupport } = await import('./offline');
      const stop = await startOfflineSupport(queryClient);
      if (cancelled) stop();
      else stopOffline = stop;
    };
    void restoreSession().then(async () => {
      // A signed-in student's kept copy is in the cache before the first screen: with no signal
      // it is what there is to read. A visitor's starts at their login.
      if (getSession().isLoggedIn) await startOffline().catch(() => undefined);
      else
        stopWaiting = subscribeSession(() => {
          if (!getSession().isLoggedIn) return;
          stopWaiting?.();
          void startOffline().catch(() => undefined);
        });
      // The shell's first render (navbar, footer, the screen) is long: in slices, as in main.tsx.
      if (!cancelled) startTransition(() => setRestored(true));
    });
    const stopSync = syncSessionAcrossTabs(STORAGE_KEYS.loggedIn);
    const stopResume = resumeWhenOnline();
    return () => {
      cancelled = true;
      stopOffline?.();
      stopWaiting?.();
      stopSync();
      stopResume();
    };
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {restored ? (
        <BrowserRouter>
          <ScrollRestoration />
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <LoadingOverlay forceVisible />
      )}
    </QueryClientProvider>
  );
}
