import type { AnkiPreview } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnkiImport, useAnkiPreview } from '../api/anki-import';
import { ImportDone, ImportFileStep, useImportFlow } from './import-flow';
import './imports.css';

/**
 * Anki decks in (docs/product.md, Card imports): the package is read first and shown as the
 * subjects and topics its decks become, with what will be left out; the student picks the
 * decks and the plan, and only then are the cards imported, with their reviews.
 */
export interface AnkiImportProps {
  /** The student's plans, one of which the cards may go to. */
  plans: readonly { id: number; name: string }[];
}

export function AnkiImport({ plans }: AnkiImportProps) {
  const { t } = useTranslation();
  const read = useAnkiPreview();
  const run = useAnkiImport();
  const flow = useImportFlow(read.mutateAsync, run.mutateAsync);
  const { preview, result } = flow;
  return (
    <ImportFileStep
      title={t('imports.anki.title')}
      intro={t('imports.anki.intro')}
      label={t('imports.anki.file')}
      readLabel={t('imports.anki.read')}
      accept=".apkg,.colpkg"
      busy={read.isPending}
      flow={flow}
    >
      {preview && !result ? (
        <PreviewForm
          preview={preview}
          plans={plans}
          busy={run.isPending}
          onImport={(input) => flow.confirm({ token: preview.token, ...input })}
        />
      ) : null}
      {result ? <ImportDone result={result} /> : null}
    </ImportFileStep>
  );
}

interface PreviewFormProps {
  preview: AnkiPreview;
  plans: AnkiImportProps['plans'];
  busy: boolean;
  onImport(input: { deckIds: string[]; planId?: number; planName?: string }): Promise<void>;
}

/** The decks as they will land, the notices, and where they go. */
function PreviewForm({ preview, plans, busy, onImport }: PreviewFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState(() => new Set(preview.decks.map((d) => d.id)));
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [planName, setPlanName] = useState(preview.decks[0]?.subject ?? '');
  const [planId, setPlanId] = useState<number | null>(null);
  const existing = plans;
  const toggle = (deckId: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(deckId)) next.delete(deckId);
      else next.add(deckId);
      return next;
    });
  const ready =
    chosen.size > 0 && (target === 'new' ? planName.trim().length > 0 : planId !== null) && !busy;
  return (
    <form
      className="anki-import__preview"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        void onImport({
          deckIds: preview.decks.filter((d) => chosen.has(d.id)).map((d) => d.id),
          ...(target === 'new' ? { planName: planName.trim() } : { planId: planId as number }),
        });
      }}
    >
      {preview.decks.length === 0 ? (
        <p className="form-message form-message--error">{t('errors.anki_no_cards')}</p>
      ) : null}
      <table className="anki-import__decks">
        <caption>{t('imports.anki.decksCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('imports.anki.deck')}</th>
            <th scope="col">{t('imports.anki.becomes')}</th>
            <th scope="col">{t('imports.anki.cards')}</th>
            <th scope="col">{t('imports.anki.reviews')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.decks.map((d) => (
            <tr key={d.id}>
              <td>
                <label>
                  <input type="checkbox" checked={chosen.has(d.id)} onChange={() => toggle(d.id)} />{' '}
                  {d.name}
                </label>
              </td>
              <td>{t('imports.anki.place', { subject: d.subject, topic: d.topic })}</td>
              <td>{d.cards}</td>
              <td>{d.reviews}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.warnings.length > 0 ? (
        <ul className="anki-import__warnings">
          {preview.warnings.map((w) => (
            <li key={`${w.code}-${w.name ?? ''}`}>
              {t(`imports.warnings.${w.code}`, { count: w.count, name: w.name ?? '' })}
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset className="anki-import__target">
        <legend>{t('imports.anki.target')}</legend>
        <label>
          <input
            type="radio"
            name={`${id}-target`}
            checked={target === 'new'}
            onChange={() => setTarget('new')}
          />{' '}
          {t('imports.anki.newPlan')}
        </label>
        {target === 'new' ? (
          <label className="anki-import__field">
            {t('imports.anki.planName')}
            <input
              type="text"
              value={planName}
              maxLength={200}
              onChange={(e) => setPlanName(e.target.value)}
            />
          </label>
        ) : null}
        <label>
          <input
            type="radio"
            name={`${id}-target`}
            checked={target === 'existing'}
            disabled={existing.length === 0}
            onChange={() => setTarget('existing')}
          />{' '}
          {t('imports.anki.existingPlan')}
        </label>
        {target === 'existing' ? (
          <label className="anki-import__field">
            {t('imports.anki.plan')}
            <select
              value={planId ?? ''}
              onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('imports.anki.choosePlan')}</option>
              {existing.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={!ready}>
        {busy ? t('imports.anki.importing') : t('imports.anki.import')}
      </button>
    </form>
  );
}
