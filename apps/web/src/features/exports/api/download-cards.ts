import { exportEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The two ways a subject's cards go out: a spreadsheet's CSV, or an Anki package. */
export type CardsExportFormat = 'csv' | 'anki';

const FORMATS = {
  csv: { endpoint: exportEndpoints.cardsCsv, accept: 'text/csv', ext: 'csv' },
  anki: { endpoint: exportEndpoints.anki, accept: 'application/octet-stream', ext: 'apkg' },
} as const;

export interface DownloadCardsInput {
  subjectId: number;
  /** For the file name when the server names none. */
  subjectName: string;
  format: CardsExportFormat;
}

/**
 * GET /api/exports/cards.csv or /api/exports/anki ?subjectId=, saved as a file (the server's
 * name, else "<subject> cards.csv" / "<subject>.apkg").
 */
export async function downloadCards({
  subjectId,
  subjectName,
  format,
}: DownloadCardsInput): Promise<string> {
  const { endpoint, accept, ext } = FORMATS[format];
  const { blob, fileName } = await apiDownload(endpoint, { query: { subjectId }, accept });
  const name =
    fileName ?? (format === 'csv' ? `${subjectName} cards.csv` : `${subjectName}.${ext}`);
  saveFile(blob, name);
  return name;
}

/** Downloads one subject's cards; errors go to the app's error dialog. */
export function useDownloadCards() {
  return useMutation({ mutationFn: downloadCards });
}
