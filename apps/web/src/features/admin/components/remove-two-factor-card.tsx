import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveTwoFactor } from '../api/remove-two-factor';
import { StudentEmailForm } from './student-email-form';
import './admin.css';

/**
 * A student who lost the phone with their authenticator and their recovery codes: the admin
 * turns their two-step sign-in off (they log in with the password, and may turn it on again).
 * The admin log names it.
 */
export function RemoveTwoFactorCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useRemoveTwoFactor();
  const [done, setDone] = useState<string | null>(null);

  async function turnOff(email: string) {
    setDone(null);
    await remove.mutateAsync({ email });
    setDone(email);
  }

  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.twoFactor.title')}
      </h2>
      <p className="status-text">{t('admin.twoFactor.intro')}</p>
      <StudentEmailForm
        onSubmit={turnOff}
        submitLabel={t('admin.twoFactor.submit')}
        busy={remove.isPending}
        buttonClass="button button--secondary"
        clearOnDone
      />
      <p className="status-text" role="status" aria-live="polite">
        {done ? t('admin.twoFactor.done', { email: done }) : null}
      </p>
    </section>
  );
}
