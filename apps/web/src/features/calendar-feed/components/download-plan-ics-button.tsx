import { useTranslation } from 'react-i18next';
import { useDownloadPlanIcs } from '../api/download-plan-ics';

export interface DownloadPlanIcsButtonProps {
  planId: number;
  planName: string;
  className?: string;
}

/**
 * Downloads one plan's study sessions as an .ics file to import once into a calendar app
 * (docs/product.md, Calendar feed); a failed download opens the app's error dialog.
 */
export function DownloadPlanIcsButton({
  planId,
  planName,
  className = 'button button--secondary',
}: DownloadPlanIcsButtonProps) {
  const { t } = useTranslation();
  const download = useDownloadPlanIcs();
  return (
    <button
      type="button"
      className={className}
      onClick={() => download.mutate({ planId, planName })}
      disabled={download.isPending}
      title={t('calendarFeed.download.hint')}
    >
      {download.isPending ? t('calendarFeed.download.busy') : t('calendarFeed.download.label')}
    </button>
  );
}
