import type { CsvImportResult, CsvPreview } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useCsvImport, useCsvPreview } from '../api/csv-import';
import type { AnkiImportProps } from './anki-import';
import './imports.css';

/** The file's name without its extension: the default subject and topic of its cards. */
const baseName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || name;

/**
 * Cards from a spreadsheet (docs/product.md, Card imports): the file is read first and its
 * first rows shown; the student says which column is the front, the back and the tags, whether
 * the first row names the columns, and where the cards go; only then are they imported.
 */
export function CsvImport({ plans }: AnkiImportProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = useCsvPreview();
  const run = useCsvImport();

  const start = async () => {
    if (!file) return;
    setError(null);
    setResult(null);
    try {
      setPreview(await read.mutateAsync(file));
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e, t, i18n.language));
    }
  };

  return (
    <section className="card anki-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('imports.csv.title')}
      </h2>
      <p className="form__note">{t('imports.csv.intro')}</p>
      <div className="anki-import__file">
        <label htmlFor={`${id}-file`}>{t('imports.csv.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setResult(null);
            setError(null);
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={!file || read.isPending}
          onClick={() => void start()}
        >
          {read.isPending ? t('imports.anki.reading') : t('imports.csv.read')}
        </button>
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      {preview && file && !result ? (
        <CsvColumnsForm
          preview={preview}
          plans={plans}
          defaultName={baseName(file.name)}
          busy={run.isPending}
          onImport={async (input) => {
            setError(null);
            try {
              setResult(await run.mutateAsync({ token: preview.token, ...input }));
            } catch (e) {
              setError(errorMessage(e, t, i18n.language));
            }
          }}
        />
      ) : null}
      {result ? (
        <div className="anki-import__done" role="status">
          <p>{t('imports.anki.done', { count: result.cards })}</p>
          {result.duplicates > 0 ? (
            <p>{t('imports.anki.doneDuplicates', { count: result.duplicates })}</p>
          ) : null}
          <Link to={paths.studyPlanDetail(result.planId)} className="button button--primary">
            {t('imports.anki.openPlan')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

interface CsvColumnsFormProps {
  preview: CsvPreview;
  plans: AnkiImportProps['plans'];
  defaultName: string;
  busy: boolean;
  onImport(input: {
    hasHeader: boolean;
    front: number;
    back: number;
    tags: number | null;
    subject: string;
    topic: string;
    planId?: number;
    planName?: string;
  }): Promise<void>;
}

function CsvColumnsForm({ preview, plans, defaultName, busy, onImport }: CsvColumnsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [hasHeader, setHasHeader] = useState(preview.guess.hasHeader);
  const [front, setFront] = useState(preview.guess.front);
  const [back, setBack] = useState(preview.guess.back);
  const [tags, setTags] = useState<number | null>(preview.guess.tags);
  const [subject, setSubject] = useState(defaultName);
  const [topic, setTopic] = useState(defaultName);
  const [planId, setPlanId] = useState<number | null>(null);
  // Each column by its number (its one identity), named by the header row when there is one.
  const columns = Array.from({ length: preview.columns }, (_, i) => ({
    value: i,
    name: (hasHeader && preview.sample[0]?.[i]) || t('imports.csv.column', { n: i + 1 }),
  }));
  const ready = front !== back && subject.trim() !== '' && topic.trim() !== '' && !busy;
  const choose = (
    label: string,
    value: number | null,
    set: (v: number | null) => void,
    none = false,
  ) => (
    <label className="anki-import__field">
      {label}
      <select
        value={value ?? ''}
        onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}
      >
        {none ? <option value="">{t('imports.csv.noColumn')}</option> : null}
        {columns.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="anki-import__preview"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        void onImport({
          hasHeader,
          front,
          back,
          tags,
          subject: subject.trim(),
          topic: topic.trim(),
          ...(planId === null ? { planName: subject.trim() } : { planId }),
        });
      }}
    >
      <table className="anki-import__decks">
        <caption>{t('imports.csv.sampleCaption', { count: preview.rows })}</caption>
        <tbody>
          {preview.sample.map((row, r) => (
            // Rows of a file have no identity but their place.
            // biome-ignore lint/suspicious/noArrayIndexKey: the sample never reorders
            <tr key={r}>
              {Array.from({ length: preview.columns }, (_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                <td key={c}>{row[c] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        <input
          type="checkbox"
          checked={hasHeader}
          onChange={(e) => setHasHeader(e.target.checked)}
        />{' '}
        {t('imports.csv.hasHeader')}
      </label>
      <div className="anki-import__target">
        {choose(t('imports.csv.front'), front, (v) => setFront(v ?? 0))}
        {choose(t('imports.csv.back'), back, (v) => setBack(v ?? 0))}
        {choose(t('imports.csv.tags'), tags, setTags, true)}
        {front === back ? (
          <p className="form-message form-message--error">{t('validation.csvColumnsSame')}</p>
        ) : null}
        <label className="anki-import__field">
          {t('imports.csv.subject')}
          <input
            type="text"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
          />
        </label>
        <label className="anki-import__field">
          {t('imports.csv.topic')}
          <input
            type="text"
            value={topic}
            maxLength={200}
            onChange={(e) => setTopic(e.target.value)}
          />
        </label>
        <label className="anki-import__field" htmlFor={`${id}-plan`}>
          {t('imports.anki.target')}
          <select
            id={`${id}-plan`}
            value={planId ?? ''}
            onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('imports.anki.newPlan')}</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" className="button button--primary" disabled={!ready}>
        {busy ? t('imports.anki.importing') : t('imports.anki.import')}
      </button>
    </form>
  );
}
