import { accountDataEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { formatLocalDay } from '@/lib/format-date';
import { saveFile } from '@/lib/save-file';

/** The file name when the server names none: "studybuddy-export-2026-11-25.json" (local day). */
export function exportFileName(now: Date = new Date()): string {
  return `studybuddy-export-${formatLocalDay(now)}.json`;
}

/**
 * GET /api/account/export: everything the student has as one JSON file, saved under the
 * server's name (else exportFileName). Returns the name it was saved under.
 */
export async function exportAccountData(): Promise<string> {
  const { blob, fileName } = await apiDownload(accountDataEndpoints.export, {
    accept: 'application/json',
  });
  const name = fileName ?? exportFileName();
  saveFile(blob, name);
  return name;
}

/** Downloads the student's data; errors go to the app's error dialog. */
export function useExportAccountData() {
  return useMutation({ mutationFn: exportAccountData });
}
