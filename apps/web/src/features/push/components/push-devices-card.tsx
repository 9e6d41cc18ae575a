import type { PushDevice } from '@studybuddy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedsConnection } from '@/components/needs-connection';
import { currentPushSubscription, pushSupported, storedPushDeviceId } from '@/lib/browser-push';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { usePushDevices } from '../api/get-push-devices';
import { pushKeys } from '../api/keys';
import { useRemovePushDevice } from '../api/remove-push-device';
import { PushRefused, useSubscribePush } from '../api/subscribe-push';
import './push-devices-card.css';

/** Whether this browser holds a push subscription, read again after each change. */
function useBrowserSubscribed(): boolean | null {
  const query = useQuery({
    queryKey: pushKeys.browser(),
    queryFn: async () => (await currentPushSubscription()) !== null,
    // The browser answers it, signal or not.
    networkMode: 'always',
    meta: { handlesOwnErrors: true, silent: true },
  });
  return query.isPending ? null : query.isSuccess ? query.data : false;
}

/**
 * Push reminders per device (docs/product.md, Push reminders): turn them on or off for this
 * browser, and see and remove every device that gets them, the app open or not.
 */
export function PushDevicesCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const devices = usePushDevices();
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();
  const browserSubscribed = useBrowserSubscribed();
  const supported = pushSupported();
  const thisId = storedPushDeviceId();
  const items = devices.data?.items ?? [];
  const thisOn = browserSubscribed === true && items.some((d) => d.id === thisId);

  const refusal =
    subscribe.error instanceof PushRefused
      ? t(subscribe.error.reason === 'denied' ? 'push.denied' : 'push.failed')
      : subscribe.error
        ? t('push.failed')
        : null;

  const label = (d: PushDevice) => d.label ?? t('push.unnamed');

  return (
    <section className="card push-devices" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title push-devices__title">
        {t('push.title')}
      </h2>
      <p className="status-text">{t('push.intro')}</p>
      <NeedsConnection>
        {/* The button waits for the browser's answer: a disabled one fading in read as low contrast. */}
        {!supported ? (
          <p className="status-text">{t('push.unsupported')}</p>
        ) : browserSubscribed === null ? null : (
          <div className="actions">
            {thisOn && thisId !== null ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate(thisId)}
              >
                {t('push.turnOff')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={subscribe.isPending}
                onClick={() => subscribe.mutate()}
              >
                {t('push.turnOn')}
              </button>
            )}
          </div>
        )}
        <div role="status" aria-live="polite" className="push-devices__state">
          {thisOn ? <p className="push-devices__on">{t('push.thisOn')}</p> : null}
          {refusal ? <p className="push-devices__problem">{refusal}</p> : null}
          {remove.isError ? (
            <p className="push-devices__problem">{t('push.removeFailed')}</p>
          ) : null}
        </div>
        <h3 className="push-devices__list-title">{t('push.devicesTitle')}</h3>
        {devices.isError ? (
          <p className="push-devices__problem">{t('push.loadFailed')}</p>
        ) : devices.isPending ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="status-text">{t('push.none')}</p>
        ) : (
          <ul className="push-devices__list">
            {items.map((d) => (
              <li key={d.id} className="push-devices__item">
                <div>
                  <strong>{label(d)}</strong>
                  {d.id === thisId && browserSubscribed ? (
                    <span className="push-devices__this"> {t('push.thisDevice')}</span>
                  ) : null}
                  <p className="status-text push-devices__meta">
                    {t('push.added', { date: formatDate(d.createdAt, i18n.language) })}
                    {' · '}
                    {d.lastSuccessAt
                      ? t('push.lastPush', {
                          time: formatDateTime(d.lastSuccessAt, i18n.language),
                        })
                      : t('push.noPushYet')}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={remove.isPending}
                  aria-label={t('push.removeNamed', { device: label(d) })}
                  onClick={() => remove.mutate(d.id)}
                >
                  {t('push.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </NeedsConnection>
    </section>
  );
}
