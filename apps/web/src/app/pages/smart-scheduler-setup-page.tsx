import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { paths } from '@/config/paths';
import { TimetableImport } from '@/features/calendars/components/timetable-import';
import { Wizard } from '@/features/smart-scheduler/components/wizard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

/** /smart-scheduler/setup: the wizard (docs/product.md, Screens). */
export default function SmartSchedulerSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshStudyData();
  useDocumentTitle(t('smartScheduler.wizard.title'));
  return (
    <div className="page">
      <NeedsConnection keep>
        <Wizard
          availabilityExtra={<TimetableImport />}
          onGenerated={(proposal) => {
            // The draft is now in the plan list (with its Draft badge).
            void refresh();
            navigate(paths.smartSchedulerReview(proposal.planId));
          }}
        />
      </NeedsConnection>
    </div>
  );
}
