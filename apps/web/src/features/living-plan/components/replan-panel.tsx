import type { ReplanChange, ReplanResult } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { formatTime, formatWeekdayDate } from '@/lib/format-date';
import { noticeText } from '@/lib/notice-text';
import { useReplan } from '../api/replan';
import { livingPlanMessage } from '../utils/living-plan-messages';
import './living-plan.css';

export interface ReplanPanelProps {
  planId: number;
  /** Id of the heading that names the plan; the Re-plan button is described by it. */
  planHeadingId: string;
  /** After a re-plan: the page refreshes the sessions. */
  onReplanned?: () => void;
  /** What the panel says before the button, and the button's name (else the re-plan's own). */
  intro?: string;
  buttonLabel?: string;
}

/** A session's start as the other session lists write it: "Mon, Mar 2, 17:00". */
const when = (iso: string | undefined, language: string) =>
  iso ? `${formatWeekdayDate(iso, language)}, ${formatTime(iso, language)}` : '';

/**
 * "Re-plan" in one click: the unfinished hours of missed, partly done and unchecked sessions
 * are placed again before each deadline. Then it says what moved, was added or removed (in the
 * student's time) and, when the work no longer fits, offers the ways out, one button each.
 */
export function ReplanPanel({
  planId,
  planHeadingId,
  onReplanned,
  intro,
  buttonLabel,
}: ReplanPanelProps) {
  const { t, i18n } = useTranslation();
  const mutation = useReplan(onReplanned);
  const [result, setResult] = useState<ReplanResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const introId = useId();
  const language = i18n.language;

  function run(choice?: string) {
    setError(null);
    mutation.mutate(
      { planId, input: choice ? { choice } : {} },
      {
        onSuccess: setResult,
        onError: (e) => {
          const own = e instanceof Error ? livingPlanMessage(e.message, t) : '';
          setError(
            e instanceof Error && own !== e.message ? own : errorMessage(e, t, i18n.language),
          );
        },
      },
    );
  }

  const change = (kind: 'moved' | 'added' | 'removed', c: ReplanChange) =>
    kind === 'moved'
      ? t('livingPlan.replan.movedItem', {
          subject: c.subject,
          from: when(c.from, language),
          to: when(c.to, language),
        })
      : t(`livingPlan.replan.${kind}Item`, {
          subject: c.subject,
          when: when(kind === 'added' ? c.to : c.from, language),
        });
  const changes = result
    ? (['moved', 'added', 'removed'] as const).flatMap((kind) =>
        result[kind].map((c, i) => ({ key: `${kind}-${i}`, text: change(kind, c) })),
      )
    : [];

  return (
    <div className="replan">
      <p id={introId} className="replan__intro">
        {intro ?? t('livingPlan.replan.intro')}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        aria-describedby={`${planHeadingId} ${introId}`}
        disabled={mutation.isPending}
        onClick={() => run()}
      >
        {buttonLabel ?? t('livingPlan.replan.button')}
      </button>
      <div role="status" className="replan__result">
        {result ? (
          changes.length === 0 && result.tradeOffs.length === 0 ? (
            <p>{t('livingPlan.replan.nothing')}</p>
          ) : changes.length > 0 ? (
            <>
              <p className="replan__title">{t('livingPlan.replan.changed')}</p>
              <ul className="replan__changes">
                {changes.map((c) => (
                  <li key={c.key}>{c.text}</li>
                ))}
              </ul>
            </>
          ) : null
        ) : null}
      </div>
      {result && result.tradeOffs.length > 0 ? (
        <div className="replan__tradeoffs">
          <p className="replan__title">{t('livingPlan.replan.tradeOffs')}</p>
          <ul className="replan__choices">
            {result.tradeOffs.map((o, i) => (
              <li key={o.id} className="replan__choice">
                <span id={`${introId}-choice-${i}`}>{noticeText(o.notice, t, language)}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-describedby={`${introId}-choice-${i}`}
                  disabled={mutation.isPending}
                  onClick={() => run(o.id)}
                >
                  {t('livingPlan.replan.choose')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
