import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { followSessionWithOfflineCopy } from './offline-copy';
import { sendQueuedActions } from './offline-queue-sync';
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
    let stopCopy: (() => void) | undefined;
    void restoreSession()
      // The student's kept copy is in the cache before the first screen: it shows at once, and
      // with no signal it is what there is to read.
      .then(() => followSessionWithOfflineCopy(queryClient))
      .then((stop) => {
        stopCopy = stop;
        if (cancelled) stop();
        // The shell's first render (navbar, footer, the screen) is long: in slices, as in main.tsx.
        else startTransition(() => setRestored(true));
      });
    const stopSync = syncSessionAcrossTabs(STORAGE_KEYS.loggedIn);
    const stopResume = resumeWhenOnline();
    const stopQueue = sendQueuedActions(queryClient);
    return () => {
      cancelled = true;
      stopCopy?.();
      stopSync();
      stopResume();
      stopQueue();
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
