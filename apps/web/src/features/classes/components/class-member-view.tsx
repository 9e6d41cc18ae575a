import { type Class, type ClassAcceptResult, DEFAULT_CLASS_MIN_GROUP } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, FormMessage } from '@/components/form-field';
import { NoticeList } from '@/components/notice-list';
import { paths } from '@/config/paths';
import { classChangeText } from '@/lib/class-change-text';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { useAcceptClassChanges } from '../api/accept-class-changes';
import { useDismissClassChanges } from '../api/dismiss-class-changes';
import { useLeaveClass } from '../api/leave-class';
import { useShareClassProgress } from '../api/share-class-progress';
import { classMessage } from '../utils/class-text';
import { ClassFileList } from './class-files';
import './classes.css';

export interface ClassMemberViewProps {
  cls: Class;
  /** After the student's plan changed (changes taken): the screen refreshes the plan's data. */
  onPlanChanged: (planId: number | null) => void;
  /** After leaving, with the server's answer in the student's language. */
  onLeft: (message: string) => void;
}

/**
 * A class as its student sees it (docs/classes.md): the teacher, the exams, the topics and the
 * files; the teacher's changes not yet taken, offered with the re-plan; whether the teacher may
 * see the student's own progress; the plan holding the class; and leaving it.
 */
export function ClassMemberView({ cls, onPlanChanged, onLeft }: ClassMemberViewProps) {
  const { t, i18n } = useTranslation();
  const examsId = useId();
  const topicsId = useId();
  const filesId = useId();
  const planId = cls.membership?.planId ?? null;
  const examName = (id: number | null) =>
    id === null ? null : (cls.exams.find((e) => e.id === id)?.name ?? null);
  return (
    <>
      <PendingChanges cls={cls} onPlanChanged={onPlanChanged} />

      <section className="card class-section" aria-labelledby={examsId}>
        <h2 id={examsId} className="form__section-title class-section__title">
          {t('classes.view.exams')}
        </h2>
        {cls.exams.length === 0 ? (
          <p className="status-text">{t('classes.view.noExams')}</p>
        ) : (
          <ul className="class-facts">
            {cls.exams.map((exam) => (
              <li key={exam.id}>
                <span className="class-facts__name">{exam.name}</span>{' '}
                <time dateTime={exam.date}>{formatDate(exam.date, i18n.language)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card class-section" aria-labelledby={topicsId}>
        <h2 id={topicsId} className="form__section-title class-section__title">
          {t('classes.view.topics')}
        </h2>
        <ol className="class-facts">
          {cls.topics.map((topic) => {
            const exam = examName(topic.examId);
            return (
              <li key={topic.id}>
                <span className="class-facts__name">{topic.name}</span>
                {topic.hours !== null || exam ? (
                  <span className="class-facts__meta">
                    {' '}
                    {[
                      topic.hours !== null
                        ? t('classes.view.hours', {
                            hours: new Intl.NumberFormat(i18n.language).format(topic.hours),
                          })
                        : null,
                      exam ? t('classes.view.forExam', { exam }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>

      <section className="card class-section" aria-labelledby={filesId}>
        <h2 id={filesId} className="form__section-title class-section__title">
          {t('classes.files.title')}
        </h2>
        <ClassFileList cls={cls} />
      </section>

      <ShareProgress cls={cls} />
      <MyPlanAndLeave cls={cls} planId={planId} onLeft={onLeft} />
    </>
  );
}

/** The teacher's changes since the copy was last brought up to date, and the re-plan. */
function PendingChanges({
  cls,
  onPlanChanged,
}: Pick<ClassMemberViewProps, 'cls' | 'onPlanChanged'>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const accept = useAcceptClassChanges();
  const dismiss = useDismissClassChanges();
  const [result, setResult] = useState<ClassAcceptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = cls.membership?.pending ?? [];

  function update() {
    setError(null);
    setResult(null);
    accept.mutate(cls.id, {
      onSuccess: (answer) => {
        setResult(answer);
        onPlanChanged(answer.planId);
      },
      onError: (e) => setError(errorMessage(e, t, i18n.language)),
    });
  }

  function setAside() {
    setError(null);
    setResult(null);
    dismiss.mutate(cls.id, { onError: (e) => setError(errorMessage(e, t, i18n.language)) });
  }

  if (pending.length === 0 && !result && !error) return null;
  return (
    <section className="card class-section class-pending" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {pending.length > 0 ? t('classes.pending.title') : t('classes.pending.doneTitle')}
      </h2>
      {pending.length > 0 ? (
        <>
          <ul className="class-pending__list">
            {pending.map((change, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id; a new answer replaces them all
              <li key={i}>{classChangeText(change, t, i18n.language)}</li>
            ))}
          </ul>
          <p className="status-text">{t('classes.pending.intro')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={accept.isPending}
              onClick={update}
            >
              {accept.isPending ? t('classes.pending.updating') : t('classes.pending.update')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={accept.isPending || dismiss.isPending}
              onClick={setAside}
            >
              {t('classes.pending.dismiss')}
            </button>
          </div>
        </>
      ) : null}
      <FormMessage tone="error">{error}</FormMessage>
      <div role="status">
        {result ? (
          <>
            <p>{t('classes.pending.placed', { count: result.placed })}</p>
            {result.notices.length > 0 ? (
              <NoticeList notices={result.notices} className="class-pending__notices" />
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

/** Whether the teacher may see this student's own progress in the class. */
function ShareProgress({ cls }: { cls: Class }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const share = useShareClassProgress();
  const [error, setError] = useState<string | null>(null);
  const on = cls.membership?.share ?? false;
  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.share.title')}
      </h2>
      <CheckboxField
        label={t('classes.share.label')}
        checked={share.isPending ? (share.variables?.share ?? on) : on}
        disabled={share.isPending}
        aria-describedby={hintId}
        onChange={(e) => {
          setError(null);
          share.mutate(
            { id: cls.id, share: e.target.checked },
            { onError: (err) => setError(errorMessage(err, t, i18n.language)) },
          );
        }}
      />
      <p id={hintId} className="form__note">
        {t('classes.share.hint', { count: DEFAULT_CLASS_MIN_GROUP })}
      </p>
      <FormMessage tone="error">{error}</FormMessage>
    </section>
  );
}

/** The plan the class went into, and leaving the class (its subjects stay in that plan). */
function MyPlanAndLeave({
  cls,
  planId,
  onLeft,
}: {
  cls: Class;
  planId: number | null;
  onLeft: ClassMemberViewProps['onLeft'];
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const leave = useLeaveClass();
  const [error, setError] = useState<string | null>(null);

  function onLeave() {
    if (!window.confirm(t('classes.leave.confirm'))) return;
    setError(null);
    leave.mutate(cls.id, {
      onSuccess: (answer) => onLeft(classMessage(answer.message, t)),
      onError: (e) => setError(errorMessage(e, t, i18n.language)),
    });
  }

  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.leave.title')}
      </h2>
      {planId === null ? (
        <p className="status-text">{t('classes.leave.noPlan')}</p>
      ) : (
        <p>
          <Link to={paths.studyPlanDetail(planId)}>{t('classes.leave.openPlan')}</Link>
        </p>
      )}
      <p className="status-text">{t('classes.leave.intro')}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          disabled={leave.isPending}
          onClick={onLeave}
        >
          {t('classes.leave.submit')}
        </button>
      </div>
    </section>
  );
}
