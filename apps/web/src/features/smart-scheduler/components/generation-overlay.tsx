import { type GenerationStage, generationStages } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OctopusMascot } from '@/components/octopus-mascot';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import type { GenerationState } from '../hooks/use-generate-plan';
import { wizardMessage } from '../utils/wizard-messages';

/** The server's stages a student sees, in order (`done` closes the overlay). */
const STAGES = generationStages.filter(
  (stage): stage is Exclude<GenerationStage, 'done'> => stage !== 'done',
);

/**
 * Why a generation failed, in the student's language: in English the server's own message; in
 * another language the translation of its first field problem (a contract text), else of its
 * error code.
 */
function failureDetail(error: unknown, t: TFunction, language: string): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : '';
  const issue = error.fieldIssues[0]?.message;
  if (issue && language !== 'en') {
    const translated = wizardMessage(issue, t);
    if (translated !== issue) return translated;
  }
  return errorMessage(error, t, language);
}

type LineState = 'done' | 'current' | 'waiting';

/** One line of the progress list: the upload (with its share in percent) or a server stage. */
export interface ProgressLine {
  key: 'upload' | Exclude<GenerationStage, 'done'>;
  state: LineState;
  /** The upload's share while it runs, 0 to 100. */
  percent?: number;
}

/** Where each line of the progress list stands, from the upload share and the server stage. */
export function progressLines(state: Pick<GenerationState, 'uploaded' | 'stage'>): ProgressLine[] {
  const stageIndex = state.stage
    ? state.stage === 'done'
      ? STAGES.length
      : (STAGES as readonly string[]).indexOf(state.stage)
    : -1;
  const uploadDone = state.uploaded >= 1 || stageIndex >= 0;
  const percent = Math.round(Math.min(1, state.uploaded) * 100);
  return [
    uploadDone ? { key: 'upload', state: 'done' } : { key: 'upload', state: 'current', percent },
    ...STAGES.map((stage, i): ProgressLine => {
      let line: LineState = 'waiting';
      if (stageIndex > i) line = 'done';
      else if (stageIndex === i || (uploadDone && stageIndex < 0 && i === 0)) line = 'current';
      return { key: stage, state: line };
    }),
  ];
}

export interface GenerationOverlayProps {
  state: GenerationState;
  onResend: () => void;
  onClose: () => void;
}

/**
 * Full-screen overlay while the plan is generated (docs/product.md, Screens): real progress
 * (upload share, then the server's stages), and on failure its message, the server's reason and
 * Resend. A modal dialog: focus moves in and stays inside.
 */
export function GenerationOverlay({ state, onResend, onClose }: GenerationOverlayProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const failed = state.status === 'failed';
  useFocusTrap(ref, true, failed ? onClose : noop);

  // Focus moves to the heading on opening and again when the failure replaces the progress.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs when `failed` changes on purpose
  useEffect(() => {
    headingRef.current?.focus();
  }, [failed]);

  const lines = progressLines(state);
  const current = lines.find((l) => l.state === 'current');
  const percent = Math.round(Math.min(1, state.uploaded) * 100);
  const detail = failed ? failureDetail(state.error, t, i18n.language) : '';
  const label = (line: ProgressLine) =>
    line.key === 'upload'
      ? line.percent === undefined
        ? t('smartScheduler.wizard.generation.upload')
        : t('smartScheduler.wizard.generation.uploading', { percent: line.percent })
      : t(`smartScheduler.wizard.generation.stages.${line.key}`);
  return (
    <div className="generation-overlay">
      <div
        ref={ref}
        className="generation-overlay__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <OctopusMascot className="generation-overlay__mascot" animated={!failed} />
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="generation-overlay__title">
          {failed
            ? t('smartScheduler.wizard.generation.failedTitle')
            : t('smartScheduler.wizard.generation.title')}
        </h2>
        {failed ? (
          <div id={bodyId} className="generation-overlay__body">
            <p className="form-message form-message--error" role="alert">
              {t('smartScheduler.wizard.generation.failed')}
            </p>
            {detail ? <p className="generation-overlay__detail">{detail}</p> : null}
            <div className="actions generation-overlay__actions">
              <button type="button" className="button button--primary" onClick={onResend}>
                {t('smartScheduler.wizard.generation.resend')}
              </button>
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t('smartScheduler.wizard.generation.backToWizard')}
              </button>
            </div>
          </div>
        ) : (
          <div id={bodyId} className="generation-overlay__body">
            <p className="generation-overlay__lead">{t('smartScheduler.wizard.generation.lead')}</p>
            <progress
              className="generation-overlay__upload"
              max={100}
              value={percent}
              aria-label={t('smartScheduler.wizard.generation.uploadLabel')}
            >
              {percent}%
            </progress>
            <ol className="generation-steps">
              {lines.map((line) => (
                <li
                  key={line.key}
                  className={`generation-steps__item generation-steps__item--${line.state}`}
                  aria-current={line.state === 'current' ? 'step' : undefined}
                >
                  <span className="generation-steps__mark" aria-hidden="true">
                    {line.state === 'done' ? '✓' : line.state === 'current' ? '…' : '·'}
                  </span>
                  {label(line)}
                  {line.state === 'done' ? (
                    <span className="visually-hidden">
                      {' '}
                      {t('smartScheduler.wizard.generation.done')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
            <p className="visually-hidden" aria-live="polite">
              {!current || current.key === 'upload' ? '' : label(current)}
            </p>
            <div className="actions generation-overlay__actions">
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t('smartScheduler.wizard.generation.cancel')}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function noop() {}
