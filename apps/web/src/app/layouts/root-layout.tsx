import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { ApiErrorDialog } from '@/components/api-error-dialog';
import { BetaNotice } from '@/components/beta-notice';
import { LoadingOverlay } from '@/components/loading-overlay';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { setSessionExpiredHandler } from '@/lib/session';
import { Footer } from './footer';
import { Navbar } from './navbar';

// Logged-in only: a visitor's first screen never downloads the assistant, feedback or reminders.
const AssistantLauncher = lazy(() =>
  import('@/features/assistant/components/assistant-launcher').then((m) => ({
    default: m.AssistantLauncher,
  })),
);
const FeedbackLauncher = lazy(() =>
  import('@/features/feedback/components/feedback-launcher').then((m) => ({
    default: m.FeedbackLauncher,
  })),
);
const ReminderWatcher = lazy(() =>
  import('@/features/notifications/components/reminder-watcher').then((m) => ({
    default: m.ReminderWatcher,
  })),
);

// Logged-in only, after the first screen: fetches the next week's lessons and cards for
// reading offline.
const OfflineSync = lazy(() => import('../offline-sync'));

// Logged-in only: "Offline: last synced at ...", and what was done offline and waits, or was
// refused.
const OfflineBanner = lazy(() =>
  import('@/components/offline-banner').then((m) => ({ default: m.OfflineBanner })),
);
const OfflineQueueStatus = lazy(() =>
  import('@/components/offline-queue-status').then((m) => ({ default: m.OfflineQueueStatus })),
);

// Visitors too (the app installs before a login): the service worker and its update prompt,
// after the first screen.
const UpdatePrompt = lazy(() => import('../update-prompt'));

/** An ended session sends the student to login from any layout. */
function useSessionExpiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => navigate(paths.login, { replace: true }));
    return () => setSessionExpiredHandler(null);
  }, [navigate]);
}

/**
 * Every screen: skip link, navbar, main content, footer and the root overlays; logged in, also
 * the study assistant's button and the reminders' background work.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  useSessionExpiredRedirect();

  return (
    <div className={isLoggedIn ? 'app-shell app-shell--assistant' : 'app-shell'}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Navbar />
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <OfflineBanner />
          <OfflineQueueStatus />
        </Suspense>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <AssistantLauncher />
          <FeedbackLauncher />
          <ReminderWatcher />
          <OfflineSync />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <BetaNotice />
      <LoadingOverlay />
      <ApiErrorDialog />
    </div>
  );
}

/**
 * Full-screen screens (the lesson): no navbar or footer, the same overlays.
 * The screen itself provides its <main>.
 */
export function FullScreenLayout() {
  const { isLoggedIn } = useSession();
  useSessionExpiredRedirect();
  return (
    <div className={`app-shell app-shell--full${isLoggedIn ? ' app-shell--assistant' : ''}`}>
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <OfflineBanner />
          <OfflineQueueStatus />
        </Suspense>
      ) : null}
      <Outlet />
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <AssistantLauncher />
          <ReminderWatcher />
          <OfflineSync />
        </Suspense>
      ) : null}
      <BetaNotice />
      <LoadingOverlay />
      <ApiErrorDialog />
    </div>
  );
}
