import { useEffect, useId, useRef } from 'react';
import { OctopusMascot } from '@/components/octopus-mascot';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { isApiError } from '@/lib/api-error';
import type { GenerationState } from '../hooks/use-generate-plan';

const STAGES = [
  { stage: 'reading-files', label: 'Reading your files' },
  { stage: 'writing-content', label: 'Writing topics and lessons' },
  { stage: 'planning', label: 'Planning your sessions' },
  { stage: 'saving', label: 'Saving your plan' },
] as const;

export const GENERATION_FAILED = 'Failed to generate your plan. Please try again.';

/** The server's message for a failed generation, in the wizard's English. */
function failureDetail(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'The server cannot be reached. Check your connection.';
    if (error.status === 413) return error.message || 'The upload is too large.';
    return error.message;
  }
  return error instanceof Error ? error.message : '';
}

type StepState = 'done' | 'current' | 'waiting';

/** Where each line of the progress list stands, from the upload share and the server stage. */
export function progressLines(
  state: Pick<GenerationState, 'uploaded' | 'stage'>,
): { key: string; label: string; state: StepState }[] {
  const stageIndex = state.stage
    ? state.stage === 'done'
      ? STAGES.length
      : STAGES.findIndex((s) => s.stage === state.stage)
    : -1;
  const uploadDone = state.uploaded >= 1 || stageIndex >= 0;
  const percent = Math.round(Math.min(1, state.uploaded) * 100);
  return [
    {
      key: 'upload',
      label: uploadDone ? 'Uploading your inputs' : `Uploading your inputs: ${percent}%`,
      state: uploadDone ? 'done' : 'current',
    },
    ...STAGES.map((s, i) => {
      let line: StepState = 'waiting';
      if (stageIndex > i) line = 'done';
      else if (stageIndex === i || (uploadDone && stageIndex < 0 && i === 0)) line = 'current';
      return { key: s.stage, label: s.label, state: line };
    }),
  ];
}

export interface GenerationOverlayProps {
  state: GenerationState;
  onResend: () => void;
  onClose: () => void;
}

/**
 * Full-screen overlay while the plan is generated (SPEC.md section 2): real progress (upload
 * share, then the server's stages), and on failure the spec's message, the server's reason and
 * Resend. A modal dialog: focus moves in and stays inside.
 */
export function GenerationOverlay({ state, onResend, onClose }: GenerationOverlayProps) {
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
  return (
    <div className="generation-overlay">
      <div
        ref={ref}
        className="generation-overlay__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        lang="en"
      >
        <OctopusMascot className="generation-overlay__mascot" animated={!failed} />
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="generation-overlay__title">
          {failed ? 'Something went wrong' : 'Creating your study plan'}
        </h2>
        {failed ? (
          <div id={bodyId} className="generation-overlay__body">
            <p className="form-message form-message--error" role="alert">
              {GENERATION_FAILED}
            </p>
            {failureDetail(state.error) ? (
              <p className="generation-overlay__detail">{failureDetail(state.error)}</p>
            ) : null}
            <div className="actions generation-overlay__actions">
              <button type="button" className="button button--primary" onClick={onResend}>
                Resend
              </button>
              <button type="button" className="button button--ghost" onClick={onClose}>
                Back to the wizard
              </button>
            </div>
          </div>
        ) : (
          <div id={bodyId} className="generation-overlay__body">
            <p className="generation-overlay__lead">Hang tight, your program will generate soon.</p>
            <progress
              className="generation-overlay__upload"
              max={100}
              value={percent}
              aria-label="Upload"
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
                  {line.label}
                  {line.state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
                </li>
              ))}
            </ol>
            <p className="visually-hidden" aria-live="polite">
              {current?.key === 'upload' ? '' : current?.label}
            </p>
            <div className="actions generation-overlay__actions">
              <button type="button" className="button button--ghost" onClick={onClose}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function noop() {}
