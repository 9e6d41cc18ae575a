import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OctopusMascot } from './octopus-mascot';
import './loading-overlay.css';

/** Waits this long before showing, so quick calls do not make the screen flicker. */
const SHOW_DELAY_MS = 200;

export interface LoadingOverlayProps {
  /** Shows the overlay regardless of running calls (e.g. while the session is restored). */
  forceVisible?: boolean;
  /** Text under the spinner; defaults to the message of a running call, else "Loading…". */
  message?: string;
}

/** Full-screen overlay shown while any API call runs (docs/product.md, Behaviour). */
export function LoadingOverlay({ forceVisible = false, message }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fetching = useIsFetching({ predicate: (q) => !q.meta?.silent });
  const mutating = useIsMutating({ predicate: (m) => !m.meta?.silent });
  const busy = forceVisible || fetching + mutating > 0;
  const [visible, setVisible] = useState(forceVisible);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    if (forceVisible) {
      setVisible(true);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy, forceVisible]);

  if (!visible) return null;
  const callMessage =
    client
      .getMutationCache()
      .findAll({ status: 'pending' })
      .map((m) => m.meta?.loadingMessage)
      .find(Boolean) ??
    client
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((q) => q.meta?.loadingMessage)
      .find(Boolean);
  const text = message ?? (callMessage ? t(callMessage) : t('common.loading'));
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__card">
        <OctopusMascot className="loading-overlay__mascot" animated />
        <p className="loading-overlay__text">{text}</p>
      </div>
    </div>
  );
}
