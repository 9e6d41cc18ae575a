import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';

/**
 * The steps both imports share: a file chosen, read by the server into a preview, then the
 * import the student confirms; each failure said in the student's language, and choosing
 * another file starting over.
 */
export function useImportFlow<P, R, I>(
  read: (file: File) => Promise<P>,
  run: (input: I) => Promise<R>,
) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const say = (e: unknown) => setError(errorMessage(e, t, i18n.language));
  return {
    file,
    preview,
    result,
    error,
    choose(next: File | null) {
      setFile(next);
      setPreview(null);
      setResult(null);
      setError(null);
    },
    async readFile() {
      if (!file) return;
      setError(null);
      setResult(null);
      try {
        setPreview(await read(file));
      } catch (e) {
        setPreview(null);
        say(e);
      }
    },
    async confirm(input: I) {
      setError(null);
      try {
        setResult(await run(input));
      } catch (e) {
        say(e);
      }
    },
  };
}

interface ImportFileStepProps {
  /** The section's texts: its title, its introduction, the file's label, the read button's. */
  title: string;
  intro: string;
  label: string;
  readLabel: string;
  accept: string;
  busy: boolean;
  flow: Pick<ReturnType<typeof useImportFlow>, 'file' | 'error' | 'choose' | 'readFile'>;
  children?: ReactNode;
}

/** An import's card: the file input, the read button, the error line, then its own steps. */
export function ImportFileStep(props: ImportFileStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const { flow } = props;
  return (
    <section className="card anki-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {props.title}
      </h2>
      <p className="form__note">{props.intro}</p>
      <div className="anki-import__file">
        <label htmlFor={`${id}-file`}>{props.label}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={props.accept}
          onChange={(e) => flow.choose(e.target.files?.[0] ?? null)}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={!flow.file || props.busy}
          onClick={() => void flow.readFile()}
        >
          {props.busy ? t('imports.anki.reading') : props.readLabel}
        </button>
      </div>
      <FormMessage tone="error">{flow.error}</FormMessage>
      {props.children}
    </section>
  );
}

/** What an import did: the counts it answered (an Anki import's reviews and suspensions too). */
interface ImportResult {
  planId: number;
  cards: number;
  duplicates: number;
  reviews?: number;
  suspended?: number;
}

/** The import's outcome, and the way to the plan the cards went to. */
export function ImportDone({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <div className="anki-import__done" role="status">
      <p>
        {t('imports.anki.done', { count: result.cards })}
        {result.reviews === undefined ? null : (
          <> {t('imports.anki.doneReviews', { count: result.reviews })}</>
        )}
      </p>
      {result.suspended ? (
        <p>{t('imports.anki.doneSuspended', { count: result.suspended })}</p>
      ) : null}
      {result.duplicates > 0 ? (
        <p>{t('imports.anki.doneDuplicates', { count: result.duplicates })}</p>
      ) : null}
      <Link to={paths.studyPlanDetail(result.planId)} className="button button--primary">
        {t('imports.anki.openPlan')}
      </Link>
    </div>
  );
}
