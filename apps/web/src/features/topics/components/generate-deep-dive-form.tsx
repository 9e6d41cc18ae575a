import type { Notice } from '@studybuddy/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextAreaField } from '@/components/form-field';
import { NoticeList } from '@/components/notice-list';
import { aiLanguage } from '@/lib/ai-language';
import { errorMessage } from '@/lib/error-message';
import { useGenerateDeepDive } from '../api/generate-deep-dive';
import './topics.css';
import { NeedsConnection } from '@/components/needs-connection';

/** File types the server can read text from (its file ingest adapter). */
export const DEEP_DIVE_FILE_TYPES = '.txt,.md,.pdf,.docx';

export interface GenerateDeepDiveFormProps {
  topicId: number;
}

/**
 * The 'Generate checklist' form: a prompt and study files sent as multipart to
 * /topics/{id}/generate-checklist; the topic's deep dive is replaced by the answer and the
 * server's warnings (unreadable file, AI fallback) are listed.
 */
export function GenerateDeepDiveForm({ topicId }: GenerateDeepDiveFormProps) {
  const { t, i18n } = useTranslation();
  const generate = useGenerateDeepDive();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [prompt, setPrompt] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [warnings, setWarnings] = useState<Notice[]>([]);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    setFormError(null);
    setWarnings([]);
    try {
      const result = await generate.mutateAsync({
        topicId,
        prompt: prompt.trim(),
        files,
        language: aiLanguage(i18n.language),
      });
      setWarnings(result.warnings);
      setDone(true);
      setPrompt('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setFormError(errorMessage(error, t, i18n.language, 'topics.checklist.failed'));
    }
  }

  return (
    <NeedsConnection>
      <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="checklist-title">
        <h2 id="checklist-title" className="section-title">
          {t('topics.checklist.title')}
        </h2>
        <p className="form__note">{t('topics.checklist.intro')}</p>
        <FormMessage tone="error">{formError}</FormMessage>
        <FormMessage tone="success">{done ? t('topics.checklist.done') : null}</FormMessage>
        {warnings.length > 0 ? (
          <div role="status">
            <p className="form__note">{t('topics.checklist.warnings')}</p>
            <NoticeList className="checklist-warnings" notices={warnings} />
          </div>
        ) : null}
        <TextAreaField
          label={t('topics.checklist.prompt')}
          rows={3}
          maxLength={5000}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <div className="field">
          <label htmlFor={fileId} className="field__label">
            {t('topics.checklist.files')}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            multiple
            accept={DEEP_DIVE_FILE_TYPES}
            className="field__control"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('topics.checklist.filesHint')}
          </p>
        </div>
        <button type="submit" className="button button--primary" disabled={generate.isPending}>
          {generate.isPending ? t('topics.checklist.generating') : t('topics.checklist.submit')}
        </button>
      </form>
    </NeedsConnection>
  );
}
