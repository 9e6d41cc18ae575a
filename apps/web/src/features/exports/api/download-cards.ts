import { exportEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export interface DownloadCardsCsvInput {
  subjectId: number;
  /** For the file name when the server names none. */
  subjectName: string;
}

/** GET /api/exports/cards.csv?subjectId=, saved as a file (the server's name, else "<subject> cards.csv"). */
export async function downloadCardsCsv({
  subjectId,
  subjectName,
}: DownloadCardsCsvInput): Promise<string> {
  const { blob, fileName } = await apiDownload(exportEndpoints.cardsCsv, {
    query: { subjectId },
    accept: 'text/csv',
  });
  const name = fileName ?? `${subjectName} cards.csv`;
  saveFile(blob, name);
  return name;
}

/** Downloads one subject's cards; errors go to the app's error dialog. */
export function useDownloadCardsCsv() {
  return useMutation({ mutationFn: downloadCardsCsv });
}
