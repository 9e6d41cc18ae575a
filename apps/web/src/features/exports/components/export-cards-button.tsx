import { useTranslation } from 'react-i18next';
import { useDownloadCardsCsv } from '../api/download-cards-csv';

export interface ExportCardsButtonProps {
  subjectId: number;
  subjectName: string;
}

/**
 * Downloads the subject's flashcards as a CSV file, for a spreadsheet or Anki's text import
 * (docs/product.md, Card exports); a failed download opens the app's error dialog.
 */
export function ExportCardsButton({ subjectId, subjectName }: ExportCardsButtonProps) {
  const { t } = useTranslation();
  const download = useDownloadCardsCsv();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => download.mutate({ subjectId, subjectName })}
      disabled={download.isPending}
      title={t('exports.cardsCsv.hint')}
    >
      {download.isPending ? t('exports.cardsCsv.busy') : t('exports.cardsCsv.label')}
    </button>
  );
}
