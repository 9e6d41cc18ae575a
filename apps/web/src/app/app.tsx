import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { restoreSession, syncSessionAcrossTabs } from './restore-session';
import { AppRoutes } from './router';
import { ScrollRestoration } from './scroll-restoration';

const queryClient = createQueryClient();

/**
 * Providers and the router. Until the session is restored only the loading overlay shows, so a
 * reload never flashes the login screen.
 */
export function App() {
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void restoreSession().then(() => {
      // The shell's first render (navbar, footer, the screen) is long: in slices, as in main.tsx.
      if (!cancelled) startTransition(() => setRestored(true));
    });
    const stopSync = syncSessionAcrossTabs(STORAGE_KEYS.loggedIn);
    return () => {
      cancelled = true;
      stopSync();
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
