import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRenewCalendarFeed } from '../api/renew-calendar-feed';
import { useTurnOffCalendarFeed } from '../api/turn-off-calendar-feed';
import './calendar-feed.css';

type Notice = 'copied' | 'copyByHand' | 'renewed' | 'turnedOff' | null;

/**
 * The private calendar feed (docs/product.md, Calendar feed): off, a Turn on button; on, the
 * address to copy, a new link (asked first: the old address stops at once) and Turn off. What
 * happened is said in a polite live region; failed changes open the app's error dialog.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [notice, setNotice] = useState<Notice>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const turnOnRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the buttons it was on have been replaced.
  const focusNext = useRef<'field' | 'turnOn' | null>(null);
  const busy = renew.isPending || turnOff.isPending;
  const url = feed.data?.enabled ? feed.data.url : null;

  useEffect(() => {
    const target = focusNext.current === 'field' ? fieldRef.current : turnOnRef.current;
    if (focusNext.current && target) {
      focusNext.current = null;
      target.focus();
    }
  });

  function turnOn() {
    setNotice(null);
    renew.mutate(undefined, {
      onSuccess: () => {
        focusNext.current = 'field';
      },
    });
  }

  function makeNewLink() {
    setNotice(null);
    if (!window.confirm(t('calendarFeed.renewConfirm'))) return;
    renew.mutate(undefined, { onSuccess: () => setNotice('renewed') });
  }

  function stop() {
    setNotice(null);
    turnOff.mutate(undefined, {
      onSuccess: () => {
        focusNext.current = 'turnOn';
        setNotice('turnedOff');
      },
    });
  }

  async function copy() {
    if (!url) return;
    setNotice(null);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setNotice('copied');
    } catch {
      // No clipboard (an http page, a refused permission): leave the address selected to copy.
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setNotice('copyByHand');
    }
  }

  return (
    <section className="card calendar-feed" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title calendar-feed__title">
        {t('calendarFeed.title')}
      </h2>
      <p className="status-text calendar-feed__intro">{t('calendarFeed.intro')}</p>
      {feed.isPending ? (
        <p className="status-text">{t('calendarFeed.loading')}</p>
      ) : feed.isError ? (
        <FormMessage tone="error">{t('calendarFeed.loadFailed')}</FormMessage>
      ) : url ? (
        <>
          <InputField
            ref={fieldRef}
            label={t('calendarFeed.address')}
            className="field__control calendar-feed__url"
            value={url}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void copy()}
              disabled={busy}
            >
              {t('calendarFeed.copy')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={makeNewLink}
              disabled={busy}
            >
              {t('calendarFeed.renew')}
            </button>
            <button type="button" className="button button--ghost" onClick={stop} disabled={busy}>
              {t('calendarFeed.turnOff')}
            </button>
          </div>
        </>
      ) : (
        <div className="actions">
          <button
            ref={turnOnRef}
            type="button"
            className="button button--primary"
            onClick={turnOn}
            disabled={busy}
          >
            {t('calendarFeed.turnOn')}
          </button>
        </div>
      )}
      <p className="status-text calendar-feed__status" role="status" aria-live="polite">
        {notice ? t(`calendarFeed.notices.${notice}`) : null}
      </p>
    </section>
  );
}
