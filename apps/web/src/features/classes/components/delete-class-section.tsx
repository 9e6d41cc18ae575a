import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { useDeleteClass } from '../api/delete-class';
import { classMessage } from '../utils/class-text';
import './classes.css';

/** The teacher deletes the class, once asked; its students keep their copies. */
export function DeleteClassSection({
  classId,
  onDeleted,
}: {
  classId: number;
  /** Called with the server's answer, in the teacher's language. */
  onDeleted: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const remove = useDeleteClass();
  const [error, setError] = useState<string | null>(null);

  function onDelete() {
    if (!window.confirm(t('classes.delete.confirm'))) return;
    setError(null);
    remove.mutate(classId, {
      onSuccess: (answer) => onDeleted(classMessage(answer.message, t)),
      onError: (e) => setError(errorMessage(e, t, i18n.language)),
    });
  }

  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.delete.title')}
      </h2>
      <p className="status-text">{t('classes.delete.intro')}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={onDelete}
        >
          {t('classes.delete.submit')}
        </button>
      </div>
    </section>
  );
}
