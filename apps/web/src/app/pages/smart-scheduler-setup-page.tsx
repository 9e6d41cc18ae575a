import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Wizard } from '@/features/smart-scheduler/components/wizard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

/** /smart-scheduler/setup: the wizard (fixed English, docs/product.md, Screens). */
export default function SmartSchedulerSetupPage() {
  const navigate = useNavigate();
  const refresh = useRefreshStudyData();
  useDocumentTitle('Smart study plan setup');
  return (
    <div className="page">
      <Wizard
        onGenerated={(proposal) => {
          // The draft is now in the plan list (with its Draft badge).
          void refresh();
          navigate(paths.smartSchedulerReview(proposal.planId));
        }}
      />
    </div>
  );
}
