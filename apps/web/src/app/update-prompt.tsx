import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';
import './update-prompt.css';

/**
 * Registers the service worker (the app installs and opens with no signal; vite.config.ts) and,
 * when a new version has been fetched, says so with "Reload". Nothing reloads by itself: a
 * student in the middle of a form finishes it first, or chooses "Later".
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <UpdateBar
      onReload={() => void updateServiceWorker(true)}
      onLater={() => setNeedRefresh(false)}
    />
  );
}

/** The bar itself: the news, Reload and Later. */
export function UpdateBar({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p className="update-prompt__text">{t('common.update.ready')}</p>
      <button type="button" className="button button--primary button--small" onClick={onReload}>
        {t('common.update.reload')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={onLater}>
        {t('common.update.later')}
      </button>
    </div>
  );
}
