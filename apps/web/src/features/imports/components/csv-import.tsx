import type { CsvPreview } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCsvImport, useCsvPreview } from '../api/csv-import';
import type { AnkiImportProps } from './anki-import';
import { ImportDone, ImportFileStep, useImportFlow } from './import-flow';
import './imports.css';

/** The file's name without its extension: the default subject and topic of its cards. */
const baseName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || name;

/**
 * Cards from a spreadsheet (docs/product.md, Card imports): the file is read first and its
 * first rows shown; the student says which column is the front, the back and the tags, whether
 * the first row names the columns, and where the cards go; only then are they imported.
 */
export function CsvImport({ plans }: AnkiImportProps) {
  const { t } = useTranslation();
  const read = useCsvPreview();
  const run = useCsvImport();
  const flow = useImportFlow(read.mutateAsync, run.mutateAsync);
  const { file, preview, result } = flow;
  return (
    <ImportFileStep
      title={t('imports.csv.title')}
      intro={t('imports.csv.intro')}
      label={t('imports.csv.file')}
      readLabel={t('imports.csv.read')}
      accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
      busy={read.isPending}
      flow={flow}
    >
      {preview && file && !result ? (
        <CsvColumnsForm
          preview={preview}
          plans={plans}
          defaultName={baseName(file.name)}
          busy={run.isPending}
          onImport={(input) => flow.confirm({ token: preview.token, ...input })}
        />
      ) : null}
      {result ? <ImportDone result={result} /> : null}
    </ImportFileStep>
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
