import type { AdminResetLink } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMakeResetLink } from '../api/make-reset-link';
import { StudentEmailForm } from './student-email-form';
import './admin.css';

/**
 * A way back in for a student who forgot their password and cannot get the e-mail (or the
 * server sends none): a one-time link the admin gives them by hand. It is shown here once; the
 * server keeps only its hash and the admin log says who made it.
 */
export function ResetLinkCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const make = useMakeResetLink();
  const [made, setMade] = useState<(AdminResetLink & { email: string }) | null>(null);
  const [copied, setCopied] = useState(false);

  async function makeLink(email: string) {
    setMade(null);
    setCopied(false);
    setMade({ ...(await make.mutateAsync({ email })), email });
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the link stays selectable on screen.
    }
  }

  const until = made
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(made.expiresAt),
      )
    : '';
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.resetLink.title')}
      </h2>
      <p className="status-text">{t('admin.resetLink.intro')}</p>
      <StudentEmailForm
        onSubmit={makeLink}
        submitLabel={t('admin.resetLink.submit')}
        busy={make.isPending}
        busyLabel={t('admin.resetLink.busy')}
        buttonClass="button button--primary"
      />
      <div role="status" aria-live="polite">
        {made ? (
          <div className="admin-reset-link">
            <p className="status-text">
              {t('admin.resetLink.made', { email: made.email, time: until })}
            </p>
            <code className="admin-reset-link__url">{made.link}</code>
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={copy}>
                {t('admin.resetLink.copy')}
              </button>
              {copied ? <span className="status-text">{t('admin.resetLink.copied')}</span> : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
