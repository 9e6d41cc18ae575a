import { ADMIN_MESSAGES } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTeacher } from '../api/set-teacher';
import { StudentEmailForm } from './student-email-form';
import './admin.css';

/** The server's answers to a teacher change, by their English text, as translation keys. */
const answerKeys = new Map<string, string>([
  [ADMIN_MESSAGES.teacherGranted, 'admin.teachers.granted'],
  [ADMIN_MESSAGES.teacherRevoked, 'admin.teachers.revoked'],
  [ADMIN_MESSAGES.teacherUnchanged, 'admin.teachers.unchanged'],
]);

/**
 * Teachers (docs/classes.md): the admin lets an account make classes, or stops it; the classes
 * it made stay. The admin log names each change.
 */
export function TeachersCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useSetTeacher();
  const [answer, setAnswer] = useState<string | null>(null);

  const setTeacher = (teacher: boolean) => async (email: string) => {
    setAnswer(null);
    const { message } = await change.mutateAsync({ email, teacher });
    const key = answerKeys.get(message);
    setAnswer(key ? t(key, { email }) : message);
  };

  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.teachers.title')}
      </h2>
      <p className="status-text">{t('admin.teachers.intro')}</p>
      <StudentEmailForm
        onSubmit={setTeacher(true)}
        emailLabel={t('admin.teachers.email')}
        submitLabel={t('admin.teachers.grant')}
        buttonClass="button button--primary"
        busy={change.isPending}
        secondary={{ label: t('admin.teachers.revoke'), onSubmit: setTeacher(false) }}
      />
      <p className="status-text" role="status" aria-live="polite">
        {answer}
      </p>
    </section>
  );
}
