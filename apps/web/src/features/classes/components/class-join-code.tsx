import type { Class } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { useRotateClassCode } from '../api/rotate-class-code';
import { formatJoinCode, joinLink } from '../utils/join-code';
import { JoinQrCode } from './join-qr-code';
import './classes.css';

/**
 * How students join the teacher's class: the code to read out, the link and its QR code to
 * share, how many joined, and a new code when the old one went too far (it stops working).
 */
export function ClassJoinCode({ cls }: { cls: Class }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const rotate = useRotateClassCode();
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const code = cls.joinCode;
  const link = code ? joinLink(code) : null;

  async function copy(what: 'code' | 'link', text: string) {
    setCopied(null);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      // No clipboard (an insecure origin): the text stays selectable on screen.
    }
  }

  function newCode() {
    if (!window.confirm(t('classes.code.newConfirm'))) return;
    setError(null);
    setCopied(null);
    rotate.mutate(cls.id, { onError: (e) => setError(errorMessage(e, t, i18n.language)) });
  }

  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.code.title')}
      </h2>
      <p className="status-text">
        {t('classes.code.members', { count: cls.members ?? 0 })}
        {' · '}
        {cls.joinOpen ? t('classes.code.open') : t('classes.code.closed')}
      </p>
      <FormMessage tone="error">{error}</FormMessage>
      {code && link ? (
        <div className="class-code">
          <div className="class-code__text">
            <p className="class-code__label">{t('classes.code.code')}</p>
            <p className="class-code__value">
              <code>{formatJoinCode(code)}</code>
            </p>
            <div className="actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void copy('code', formatJoinCode(code))}
              >
                {t('classes.code.copyCode')}
              </button>
            </div>
            <p className="class-code__label">{t('classes.code.link')}</p>
            <p className="class-code__link">
              <code>{link}</code>
            </p>
            <div className="actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void copy('link', link)}
              >
                {t('classes.code.copyLink')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={rotate.isPending}
                onClick={newCode}
              >
                {t('classes.code.newCode')}
              </button>
            </div>
            <p className="status-text" role="status">
              {copied === 'code'
                ? t('classes.code.copiedCode')
                : copied === 'link'
                  ? t('classes.code.copiedLink')
                  : null}
            </p>
          </div>
          <JoinQrCode link={link} alt={t('classes.code.qrAlt', { code: formatJoinCode(code) })} />
        </div>
      ) : null}
    </section>
  );
}
