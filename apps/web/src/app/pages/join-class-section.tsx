import type { Notice } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { paths } from '@/config/paths';
import { JoinClassForm } from '@/features/classes/components/join-class-form';
import { usePlans } from '@/features/plans/api/get-plans';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

/** What a class screen leaves for the next one to say (after leaving or deleting a class). */
export interface ClassesNavigationState {
  notice?: string;
  /** After joining: the plan the class went into, and what was placed in it. */
  joined?: { plan: string; placed: number; notices: Notice[] };
}

/** The join form over the student's plans; joining opens the class and says where it went. */
export function JoinClassSection({
  code,
  titled = true,
}: {
  code?: string | undefined;
  /** Under its own heading (the class list); the join screen's title names it already. */
  titled?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const plans = usePlans();
  const refresh = useRefreshStudyData();
  // A smart-scheduler draft is not a plan yet: a class goes into a plan in use, or a new one.
  const active = (plans.data ?? []).filter((p) => p.status !== 'draft');
  return (
    <section
      className="card class-section"
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : t('classes.join.title')}
    >
      {titled ? (
        <h2 id={titleId} className="form__section-title class-section__title">
          {t('classes.join.title')}
        </h2>
      ) : null}
      <p className="status-text">{t('classes.join.intro')}</p>
      <NeedsConnection keep>
        <JoinClassForm
          plans={active}
          code={code}
          onJoined={(result, planName) => {
            void refresh(result.planId);
            const state: ClassesNavigationState = {
              joined: { plan: planName, placed: result.placed, notices: result.notices },
            };
            navigate(paths.classDetail(result.class.id), { state });
          }}
        />
      </NeedsConnection>
    </section>
  );
}
