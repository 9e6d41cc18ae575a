import { useTranslation } from 'react-i18next';
import { type CardsExportFormat, useDownloadCards } from '../api/download-cards';

export interface ExportCardsButtonProps {
  subjectId: number;
  subjectName: string;
  /** CSV for a spreadsheet (the default), or an Anki package. */
  format?: CardsExportFormat;
}

/**
 * Downloads the subject's flashcards as a CSV file, for a spreadsheet or Anki's text import, or
 * as an Anki package with their schedules and reviews (docs/anki.md)
 * (docs/product.md, Card exports); a failed download opens the app's error dialog.
 */
export function ExportCardsButton({
  subjectId,
  subjectName,
  format = 'csv',
}: ExportCardsButtonProps) {
  const { t } = useTranslation();
  const download = useDownloadCards();
  const key = format === 'csv' ? 'cardsCsv' : 'anki';
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => download.mutate({ subjectId, subjectName, format })}
      disabled={download.isPending}
      title={t(`exports.${key}.hint`)}
    >
      {download.isPending ? t(`exports.${key}.busy`) : t(`exports.${key}.label`)}
    </button>
  );
}
