import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, adminTeacherInputSchema } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useSetTeacher } from '../api/set-teacher';
import './admin.css';

const emailOnly = adminTeacherInputSchema.pick({ email: true });
type EmailInput = { email: string };

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
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const change = useSetTeacher();
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<EmailInput>({
    resolver: zodResolver(emailOnly),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const submit = (teacher: boolean) =>
    handleSubmit(async ({ email }) => {
      setAnswer(null);
      setFormError(null);
      try {
        const { message } = await change.mutateAsync({ email, teacher });
        const key = answerKeys.get(message);
        setAnswer(key ? t(key, { email }) : message);
      } catch (error) {
        if (putFieldIssues(error, ['email'], setError, t, i18n.language)) return;
        if (isApiError(error) && error.message === ADMIN_MESSAGES.noSuchStudent)
          setError('email', { type: 'server', message: t('admin.teachers.noSuchStudent') });
        else setFormError(errorMessage(error, t, i18n.language));
      }
    });

  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.teachers.title')}
      </h2>
      <p className="status-text">{t('admin.teachers.intro')}</p>
      <form className="form admin-delete" noValidate onSubmit={submit(true)}>
        <FormMessage tone="error">{formError}</FormMessage>
        <InputField
          label={t('admin.teachers.email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          error={shownError(formState, 'email', t)}
          {...register('email')}
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {t('admin.teachers.grant')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={change.isPending}
            onClick={(e) => void submit(false)(e)}
          >
            {t('admin.teachers.revoke')}
          </button>
        </div>
      </form>
      <p className="status-text" role="status" aria-live="polite">
        {answer}
      </p>
    </section>
  );
}
