import { CLASS_LIMITS, type Class, type Notice } from '@studybuddy/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { NoticeList } from '@/components/notice-list';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { useAddClassFiles } from '../api/add-class-files';
import { useRemoveClassFile } from '../api/remove-class-file';
import { formatFileSize } from '../utils/class-text';
import './classes.css';

/** A class's files as every reader sees them: name, size and the day it was added. */
export function ClassFileList({ cls, onRemove }: { cls: Class; onRemove?: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  if (cls.files.length === 0) return <p className="status-text">{t('classes.files.empty')}</p>;
  return (
    <ul className="class-files">
      {cls.files.map((file) => (
        <li key={file.id} className="class-files__item">
          <span className="class-files__name">{file.name}</span>
          <span className="class-files__meta">
            {formatFileSize(file.sizeBytes, i18n.language)} ·{' '}
            <time dateTime={file.createdAt}>{formatDate(file.createdAt, i18n.language)}</time>
          </span>
          {onRemove ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onRemove(file.id)}
            >
              {t('classes.files.remove', { name: file.name })}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The teacher's study files for the class: added several at a time (each file the server could
 * not read is named, with why), removed one by one; members keep the copies they have.
 */
export function ClassFiles({ cls }: { cls: Class }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const add = useAddClassFiles();
  const remove = useRemoveClassFile();
  const [chosen, setChosen] = useState<File[]>([]);
  const [warnings, setWarnings] = useState<Notice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const full = cls.files.length >= CLASS_LIMITS.files;

  function upload() {
    if (chosen.length === 0) return;
    setError(null);
    setWarnings([]);
    add.mutate(
      { id: cls.id, files: chosen },
      {
        onSuccess: (result) => {
          setWarnings(result.warnings);
          setChosen([]);
          if (input.current) input.current.value = '';
        },
        onError: (e) => setError(errorMessage(e, t, i18n.language)),
      },
    );
  }

  function removeFile(fileId: number) {
    const file = cls.files.find((f) => f.id === fileId);
    if (!window.confirm(t('classes.files.removeConfirm', { name: file?.name ?? '' }))) return;
    setError(null);
    remove.mutate(
      { id: cls.id, fileId },
      { onError: (e) => setError(errorMessage(e, t, i18n.language)) },
    );
  }

  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.files.title')}
      </h2>
      <FormMessage tone="error">{error}</FormMessage>
      <ClassFileList cls={cls} onRemove={removeFile} />
      <div className="class-files__add">
        <label htmlFor={inputId}>{t('classes.files.choose')}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          disabled={full}
          onChange={(e) => setChosen(Array.from(e.target.files ?? []))}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={chosen.length === 0 || add.isPending || full}
          onClick={upload}
        >
          {add.isPending ? t('classes.files.uploading') : t('classes.files.upload')}
        </button>
      </div>
      <p className="form__note">{t('classes.files.limit', { count: CLASS_LIMITS.files })}</p>
      {warnings.length > 0 ? (
        <div role="status">
          <p>{t('classes.files.warnings')}</p>
          <NoticeList notices={warnings} className="class-files__warnings" />
        </div>
      ) : null}
    </section>
  );
}
