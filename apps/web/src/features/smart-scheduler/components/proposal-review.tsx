import type { FieldIssue, Proposal, WeekStart } from '@studybuddy/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InputField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { NoticeList } from '@/components/notice-list';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { noticeText } from '@/lib/notice-text';
import { useAcceptPlan } from '../api/accept-plan';
import { useDiscardPlan } from '../api/discard-plan';
import { usePlanContent } from '../hooks/use-plan-content';
import { formatIsoDate } from '../utils/dates';
import {
  acceptPayload,
  type BlockEdit,
  type BlockEdits,
  editedSummary,
  hasChanges,
  initialEdits,
  messagesForBlock,
} from '../utils/review-edits';
import { HoursChart } from './hours-chart';
import { PlanContentPanel } from './plan-content-panel';
import { ProposalWeeks } from './proposal-weeks';
import './smart-scheduler.css';

type Notice = 'accepted' | 'discarded' | 'regenerate' | 'confirmDiscard' | null;

export interface ProposalReviewProps {
  proposal: Proposal;
  /** The first day of the student's calendar week: the weeks are shown from it. */
  weekStart: WeekStart;
  /** After 'Plan accepted and added to your calendar!' was acknowledged. */
  onAccepted: (proposal: Proposal) => void;
  /** After 'Plan discarded.' was acknowledged. */
  onDiscarded: () => void;
  /** After 'Returning to setup to adjust your inputs...' was acknowledged. */
  onRegenerate: () => void;
  /** Topics whose deep dive and lesson just stopped being written: refresh what shows them. */
  onTopicsSettled?: (topicIds: number[]) => void;
}

type Block = Proposal['schedule'][number]['blocks'][number];

/**
 * The review of a smart-scheduler proposal (docs/product.md, Screens): sessions
 * per day, hours per subject as a chart and numbers, the warnings, and Accept, Modify,
 * Regenerate and Discard. An accepted plan is shown read-only with a way to the calendar.
 */
export function ProposalReview({
  proposal,
  weekStart,
  onAccepted,
  onDiscarded,
  onRegenerate,
  onTopicsSettled,
}: ProposalReviewProps) {
  const { t, i18n } = useTranslation();
  const accept = useAcceptPlan();
  const discard = useDiscardPlan();
  const content = usePlanContent(proposal.planId, proposal.content, { onTopicsSettled });
  const [edits, setEdits] = useState<BlockEdits | null>(null);
  const [problems, setProblems] = useState<FieldIssue[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [discardError, setDiscardError] = useState<string | null>(null);
  const problemsRef = useRef<HTMLDivElement>(null);
  const accepted = useRef<Proposal | null>(null);
  const hoursFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  /** A server problem in the interface language when it comes as a notice. */
  const issueText = (p: FieldIssue) =>
    p.notice ? noticeText(p.notice, t, i18n.language) : p.message;
  const isDraft = proposal.status === 'draft';
  const editing = isDraft && edits !== null;
  const busy = accept.isPending || discard.isPending;
  const firstDate = proposal.schedule[0]?.date;

  function onAccept() {
    setProblems([]);
    accept.mutate(
      { planId: proposal.planId, input: acceptPayload(proposal, edits) },
      {
        onSuccess: (result) => {
          accepted.current = result;
          setEdits(null);
          setNotice('accepted');
        },
        onError: (error) => {
          const details = isApiError(error) && error.status === 400 ? error.fieldIssues : [];
          setProblems(
            details.length > 0
              ? details
              : [{ path: '', message: errorMessage(error, t, i18n.language) }],
          );
          // The list is announced (role=alert); focus goes there so it is read in full.
          requestAnimationFrame(() => problemsRef.current?.focus());
        },
      },
    );
  }

  function onDiscard() {
    setDiscardError(null);
    discard.mutate(proposal.planId, {
      onSuccess: () => setNotice('discarded'),
      onError: (error) => {
        setNotice(null);
        setDiscardError(
          isApiError(error) && error.status > 0
            ? errorMessage(error, t, i18n.language)
            : t('smartScheduler.review.discardFailed'),
        );
      },
    });
  }

  const update = (sessionId: number, patch: Partial<BlockEdit>) =>
    setEdits((current) => {
      if (!current) return current;
      const before = current[sessionId];
      return before ? { ...current, [sessionId]: { ...before, ...patch } } : current;
    });

  const summary = editing && edits ? editedSummary(proposal, edits) : proposal.summary;
  // `aiWarnings` is the API's name; it holds the planner's notices (warnings, unread files, wishes).
  const planNotices = proposal.aiWarnings;
  const closeNotice = () => {
    const kind = notice;
    setNotice(null);
    if (kind === 'accepted') onAccepted(accepted.current ?? proposal);
    if (kind === 'discarded') onDiscarded();
    if (kind === 'regenerate') onRegenerate();
  };

  return (
    <div className="page review">
      <div className="page__header">
        <div>
          <h1 className="page__title">
            {isDraft ? t('smartScheduler.review.title') : t('smartScheduler.review.activeTitle')}
            {isDraft ? (
              <span className="badge badge--draft review__badge">
                {t('smartScheduler.review.draft')}
              </span>
            ) : null}
          </h1>
          <p className="page__subtitle">
            {isDraft ? t('smartScheduler.review.intro') : t('smartScheduler.review.activeIntro')}
          </p>
        </div>
        {isDraft ? null : (
          <Link className="button button--primary" to={paths.calendarWeek(firstDate)}>
            {t('smartScheduler.review.openCalendar')}
          </Link>
        )}
      </div>

      {isDraft ? (
        <div className="review__actions card">
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={onAccept}
            >
              {editing && edits && hasChanges(proposal, edits)
                ? t('smartScheduler.review.acceptChanges')
                : t('smartScheduler.review.accept')}
            </button>
            {editing ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => {
                  setEdits(null);
                  setProblems([]);
                }}
              >
                {t('smartScheduler.review.cancelEdit')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => setEdits(initialEdits(proposal))}
              >
                {t('smartScheduler.review.modify')}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setNotice('regenerate')}
            >
              {t('smartScheduler.review.regenerate')}
            </button>
            <button
              type="button"
              className="button button--ghost review__discard"
              disabled={busy}
              onClick={() => setNotice('confirmDiscard')}
            >
              {t('smartScheduler.review.discard')}
            </button>
          </div>
          {editing ? <p className="form__note">{t('smartScheduler.review.editHint')}</p> : null}
          {content.done ? null : (
            <p className="form__note">{t('smartScheduler.review.content.afterAccept')}</p>
          )}
          {discardError ? (
            <p className="form-message form-message--error" role="alert">
              {discardError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div ref={problemsRef} tabIndex={-1} role="alert" className="review__problems">
        {problems.length > 0 ? (
          <div className="form-message form-message--error">
            <p className="review__problems-title">{t('smartScheduler.review.acceptFailed')}</p>
            <ul>
              {problems.map(issueText).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <div className="review__columns">
        <section className="stack review__schedule" aria-labelledby="review-schedule-title">
          <h2 id="review-schedule-title" className="section-title">
            {t('smartScheduler.review.scheduleTitle')}
          </h2>
          {proposal.schedule.length === 0 ? (
            <p className="empty-state">{t('smartScheduler.review.noBlocks')}</p>
          ) : (
            <ProposalWeeks
              schedule={proposal.schedule}
              subjects={proposal.summary.map((s) => s.subject)}
              weekStart={weekStart}
              expandAll={editing}
              renderDays={(days) => (
                <ol className="review-days">
                  {days.map((day) => (
                    <li key={day.date} className="review-day" data-date={day.date}>
                      <h4 className="review-day__title">
                        {formatIsoDate(day.date, i18n.language)}
                      </h4>
                      <ul className="review-blocks">
                        {day.blocks.map((block) => (
                          <BlockItem
                            key={block.sessionId}
                            block={block}
                            date={day.date}
                            edit={editing && edits ? edits[block.sessionId] : undefined}
                            messages={
                              editing && edits?.[block.sessionId]
                                ? messagesForBlock(
                                    problems,
                                    block.subject,
                                    edits[block.sessionId] as BlockEdit,
                                  ).map(issueText)
                                : []
                            }
                            hours={hoursFormat.format(block.duration)}
                            onEdit={(patch) => update(block.sessionId, patch)}
                          />
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              )}
            />
          )}
        </section>
        <div className="stack review__side">
          <PlanContentPanel
            planId={proposal.planId}
            content={content.content ?? proposal.content}
            done={content.done}
          />
          <section className="stack" aria-labelledby="review-summary-title">
            <h2 id="review-summary-title" className="section-title">
              {t('smartScheduler.review.summaryTitle')}
            </h2>
            <HoursChart summary={summary} />
            {editing ? <p className="form__note">{t('smartScheduler.review.editedNote')}</p> : null}
          </section>
          <section className="stack" aria-labelledby="review-warnings-title">
            <h2 id="review-warnings-title" className="section-title">
              {t('smartScheduler.review.warningsTitle')}
            </h2>
            {planNotices.length > 0 ? (
              <NoticeList className="review-warnings" notices={planNotices} />
            ) : (
              <p className="status-text">{t('smartScheduler.review.noWarnings')}</p>
            )}
          </section>
        </div>
      </div>

      <Modal
        open={notice === 'confirmDiscard'}
        onClose={() => setNotice(null)}
        role="alertdialog"
        title={t('smartScheduler.review.discardConfirmTitle')}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              data-autofocus
              onClick={() => setNotice(null)}
            >
              {t('smartScheduler.review.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={discard.isPending}
              onClick={onDiscard}
            >
              {t('smartScheduler.review.discard')}
            </button>
          </>
        }
      >
        <p>{t('smartScheduler.review.discardConfirm')}</p>
      </Modal>
      <Modal
        open={notice === 'accepted' || notice === 'discarded' || notice === 'regenerate'}
        onClose={closeNotice}
        role="alertdialog"
        title={
          notice === 'accepted'
            ? t('smartScheduler.review.accepted')
            : notice === 'discarded'
              ? t('smartScheduler.review.discarded')
              : t('smartScheduler.review.regenerating')
        }
        footer={
          <button type="button" className="button button--primary" onClick={closeNotice}>
            {t('common.ok')}
          </button>
        }
      >
        {null}
      </Modal>
    </div>
  );
}

interface BlockItemProps {
  block: Block;
  date: string;
  edit: BlockEdit | undefined;
  messages: string[];
  hours: string;
  onEdit: (patch: Partial<BlockEdit>) => void;
}

/** One proposed session: what to study, when, for how long; in Modify mode its editors. */
function BlockItem({ block, date, edit, messages, hours, onEdit }: BlockItemProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const errorId = useId();
  const topic = block.topic ?? t('smartScheduler.review.noTopic');
  const when = edit ?? { date, start: block.start, end: block.end, deleted: false };
  return (
    <li
      className={`review-block${edit?.deleted ? ' review-block--deleted' : ''}${messages.length ? ' review-block--invalid' : ''}`}
    >
      <h5 id={titleId} className="review-block__title">
        {block.subject}
        <span className="review-block__topic"> · {topic}</span>
      </h5>
      <p className="review-block__time">
        {edit && when.date !== date ? `${formatIsoDate(when.date, i18n.language)}, ` : ''}
        {when.start}–{when.end} · {t('smartScheduler.review.hours', { hours })}
        {edit?.deleted ? ` · ${t('smartScheduler.review.deletedBlock')}` : ''}
      </p>
      {block.focus.length > 0 ? (
        <div className="review-block__list">
          <span className="review-block__list-title">{t('smartScheduler.review.focus')}</span>
          <ul>
            {block.focus.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {block.materials.length > 0 ? (
        <div className="review-block__list">
          <span className="review-block__list-title">{t('smartScheduler.review.materials')}</span>
          <ul>
            {block.materials.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {edit ? (
        <fieldset className="review-block__editor" aria-labelledby={titleId}>
          {edit.deleted ? null : (
            <div className="review-block__fields">
              <InputField
                label={t('smartScheduler.review.date')}
                type="date"
                required
                value={edit.date}
                aria-describedby={messages.length ? errorId : undefined}
                onChange={(e) => onEdit({ date: e.target.value })}
              />
              <InputField
                label={t('smartScheduler.review.start')}
                type="time"
                step={900}
                required
                value={edit.start}
                onChange={(e) => onEdit({ start: e.target.value })}
              />
              <InputField
                label={t('smartScheduler.review.end')}
                type="time"
                step={900}
                required
                value={edit.end}
                onChange={(e) => onEdit({ end: e.target.value })}
              />
            </div>
          )}
          <button
            type="button"
            className="button button--ghost button--small"
            aria-describedby={titleId}
            onClick={() => onEdit({ deleted: !edit.deleted })}
          >
            {edit.deleted
              ? t('smartScheduler.review.restoreBlock')
              : t('smartScheduler.review.deleteBlock')}
          </button>
          {messages.length > 0 ? (
            <ul id={errorId} className="field__error review-block__errors">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}
