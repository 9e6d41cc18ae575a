import { weekStartOrDefault } from '@studybuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { paths } from '@/config/paths';
import { lessonKeys } from '@/features/lessons/api/keys';
import { useProfile } from '@/features/profile/api/get-profile';
import { useProposal } from '@/features/smart-scheduler/api/get-proposal';
import { ProposalReview } from '@/features/smart-scheduler/components/proposal-review';
import { wizardStore } from '@/features/smart-scheduler/hooks/wizard-store';
import { topicKeys } from '@/features/topics/api/keys';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-error';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

/** /smart-scheduler/review?planId=...: the proposal made by the wizard, loaded from the server. */
function ReviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshStudyData();
  const [search] = useSearchParams();
  const planId = Number(search.get('planId'));
  const valid = Number.isInteger(planId) && planId > 0;
  const proposal = useProposal(planId);
  const profile = useProfile();
  // The weeks start where the student's calendar does (Sunday unless the profile says Monday);
  // the page waits for the profile so the weeks do not jump, and a failed load keeps Sunday.
  const weekStart = weekStartOrDefault(profile.data?.weekStartsOn);
  const client = useQueryClient();
  // A topic's deep dive and lesson were just written (or not): what shows them reads again.
  const onTopicsSettled = useCallback(
    (topicIds: number[]) => {
      for (const id of topicIds) void client.invalidateQueries({ queryKey: topicKeys.detail(id) });
      void client.invalidateQueries({
        queryKey: topicKeys.all,
        predicate: (query) => query.queryKey[1] === 'subject',
      });
      void client.invalidateQueries({ queryKey: lessonKeys.all });
    },
    [client],
  );
  useDocumentTitle(t('smartScheduler.review.title'));

  if (!valid || (proposal.isError && isApiError(proposal.error) && proposal.error.status === 404)) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{t('smartScheduler.review.title')}</h1>
        <p className="empty-state" role="status">
          {valid ? t('smartScheduler.review.notFound') : t('smartScheduler.review.missingId')}
        </p>
        <Link className="button button--primary" to={paths.smartSchedulerSetup}>
          {t('smartScheduler.review.startWizard')}
        </Link>
      </div>
    );
  }
  if (proposal.isPending || profile.isPending) {
    return (
      <p className="status-text" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (proposal.isError) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{t('smartScheduler.review.title')}</h1>
        <p className="form-message form-message--error" role="alert">
          {t('smartScheduler.review.loadFailed')}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void proposal.refetch()}
        >
          {t('smartScheduler.review.retry')}
        </button>
      </div>
    );
  }
  return (
    <ProposalReview
      proposal={proposal.data}
      weekStart={weekStart}
      onTopicsSettled={onTopicsSettled}
      onAccepted={() => {
        // The plan is made: a new wizard starts from scratch next time.
        wizardStore.reset();
        void refresh(planId);
        navigate(paths.dashboard);
      }}
      onDiscarded={() => {
        void refresh(planId);
        navigate(paths.dashboard);
      }}
      onRegenerate={() => {
        wizardStore.set((s) => ({ ...s, step: 0 }));
        navigate(paths.smartSchedulerSetup);
      }}
    />
  );
}

/** The proposal is read, changed and accepted on the server: offline, the page says so. */
export default function SmartSchedulerReviewPage() {
  return (
    <NeedsConnection keep>
      <ReviewScreen />
    </NeedsConnection>
  );
}
