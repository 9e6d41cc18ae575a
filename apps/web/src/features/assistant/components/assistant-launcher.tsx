import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OctopusMascot } from '@/components/octopus-mascot';
import './assistant-launcher.css';

// The panel (and the Markdown renderer it uses) loads on first opening, not with every screen.
const AssistantPanel = lazy(() => import('./assistant-panel'));

/**
 * The floating button that opens the study assistant, bottom-left on every logged-in screen:
 * the bottom-right corner is kept for the feedback star (docs/product.md, Screens).
 */
export function AssistantLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);

  // Only once the modal panel is gone: while it is open the rest of the page is inert.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="assistant-launcher"
        aria-label={t('assistant.open')}
        title={t('assistant.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <OctopusMascot className="assistant-launcher__mascot" />
        <span className="assistant-launcher__text" aria-hidden="true">
          {t('assistant.launcherText')}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AssistantPanel onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
