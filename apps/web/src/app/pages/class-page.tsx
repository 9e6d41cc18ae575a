import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { NoticeList } from '@/components/notice-list';
import { paths } from '@/config/paths';
import { useClass } from '@/features/classes/api/get-class';
import { ClassFiles } from '@/features/classes/components/class-files';
import { ClassForm } from '@/features/classes/components/class-form';
import { ClassJoinCode } from '@/features/classes/components/class-join-code';
import { ClassMemberView } from '@/features/classes/components/class-member-view';
import { ClassStandingSection } from '@/features/classes/components/class-standing';
import { DeleteClassSection } from '@/features/classes/components/delete-class-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-error';
import { toId } from '../hooks/use-redirect-after';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';
import { ClassWeekSection } from './class-week-section';
import type { ClassesNavigationState } from './join-class-section';

/**
 * /classes/:id (docs/classes.md): for its teacher the class to edit, its join code, link and QR
 * code, its files and its deletion; for a member the class as published, the teacher's changes
 * on offer, sharing, the plan and leaving.
 */
export default function ClassPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useRefreshStudyData();
  const detailsId = useId();
  const classId = toId(useParams().id);
  const cls = useClass(classId);
  const joined = (location.state as ClassesNavigationState | null)?.joined;
  useDocumentTitle(cls.data?.name ?? t('classes.title'));

  const back = (notice: string) => {
    const state: ClassesNavigationState = { notice };
    navigate(paths.classes, { replace: true, state });
  };
  const missing =
    Number.isNaN(classId) || (cls.isError && isApiError(cls.error) && cls.error.status === 404);

  if (missing || cls.isError || cls.isPending) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{t('classes.title')}</h1>
        {missing ? (
          <p className="form-message form-message--error" role="alert">
            {t('classes.messages.notFound')}
          </p>
        ) : cls.isError ? (
          <p className="form-message form-message--error" role="alert">
            {t('classes.view.loadFailed')}
          </p>
        ) : (
          <p className="status-text" role="status">
            {t('common.loading')}
          </p>
        )}
        <p>
          <Link to={paths.classes}>{t('classes.backToList')}</Link>
        </p>
      </div>
    );
  }

  const data = cls.data;
  return (
    <div className="page page--narrow">
      <div className="page__header">
        <h1 className="page__title page__title--wrap">{data.name}</h1>
      </div>
      <p className="page__subtitle">
        {t('classes.view.teacher', { name: data.teacherName })}
        {' · '}
        {t('classes.view.subject', { name: data.subjectName })}
      </p>
      {joined ? (
        <div className="form-message form-message--success class-joined" role="status">
          <p>
            {t('classes.join.done', { plan: joined.plan })}
            {joined.placed > 0 ? ` ${t('classes.pending.placed', { count: joined.placed })}` : ''}
          </p>
          {joined.notices.length > 0 ? <NoticeList notices={joined.notices} /> : null}
        </div>
      ) : null}
      {data.teaching ? (
        <NeedsConnection keep>
          <ClassJoinCode cls={data} />
          <ClassStandingSection classId={data.id} />
          <section className="card class-section" aria-labelledby={detailsId}>
            <h2 id={detailsId} className="form__section-title class-section__title">
              {t('classes.form.editTitle')}
            </h2>
            <ClassForm key={data.id} cls={data} />
          </section>
          <ClassFiles cls={data} />
          <DeleteClassSection classId={data.id} onDeleted={back} />
        </NeedsConnection>
      ) : (
        <NeedsConnection keep>
          <ClassWeekSection cls={data} onPlaced={(planId) => void refresh(planId ?? undefined)} />
          <ClassMemberView
            cls={data}
            onPlanChanged={(planId) => void refresh(planId ?? undefined)}
            onLeft={back}
          />
        </NeedsConnection>
      )}
      <p>
        <Link to={paths.classes}>{t('classes.backToList')}</Link>
      </p>
    </div>
  );
}
