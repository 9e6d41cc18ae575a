import type { Class, ClassAcceptResult } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { NoticeList } from '@/components/notice-list';
import { useSetClassWeek } from '@/features/classes/api/set-class-week';
import { StudyWeekForm } from '@/features/smart-scheduler/components/study-week-form';
import { aiLanguage } from '@/lib/ai-language';
import { browserTimeZone } from '@/lib/date-formatters';
import { errorMessage } from '@/lib/error-message';

/**
 * For a member whose class went into a plan made by hand (no week known, nothing placed): the
 * wizard's week and preferences, and the class placed around them (docs/classes.md, Placing a
 * class). Once the plan has its week the section says what was placed and asks nothing more.
 */
export function ClassWeekSection({
  cls,
  onPlaced,
}: {
  cls: Class;
  onPlaced: (planId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const setWeek = useSetClassWeek();
  const [result, setResult] = useState<ClassAcceptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const membership = cls.membership;
  const asks = membership !== null && membership.planId !== null && !membership.planHasWeek;
  if (!asks && !result) return null;
  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.week.title')}
      </h2>
      {asks ? (
        <>
          <p className="status-text">{t('classes.week.intro')}</p>
          <StudyWeekForm
            pending={setWeek.isPending}
            submitLabel={t('classes.week.submit')}
            pendingLabel={t('classes.week.placing')}
            onSubmit={(week) => {
              setError(null);
              setWeek.mutate(
                {
                  id: cls.id,
                  week: {
                    ...week,
                    language: aiLanguage(i18n.language),
                    timeZone: browserTimeZone(),
                  },
                },
                {
                  onSuccess: (answer) => {
                    setResult(answer);
                    onPlaced(answer.planId);
                  },
                  onError: (e) => setError(errorMessage(e, t, i18n.language)),
                },
              );
            }}
          />
          <FormMessage tone="error">{error}</FormMessage>
        </>
      ) : null}
      <div role="status">
        {result ? (
          <>
            <p>{t('classes.pending.placed', { count: result.placed })}</p>
            {result.notices.length > 0 ? <NoticeList notices={result.notices} /> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
