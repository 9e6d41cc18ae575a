import { calendarFeedEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { icsFileName } from '../utils/ics-file-name';

export interface DownloadPlanIcsInput {
  planId: number;
  /** For the file name when the server names none. */
  planName: string;
}

/** GET /api/plans/{planId}/calendar.ics, saved as a file (the server's name, else "<plan>.ics"). */
export async function downloadPlanIcs({ planId, planName }: DownloadPlanIcsInput): Promise<string> {
  const { blob, fileName } = await apiDownload(calendarFeedEndpoints.planIcs, {
    params: { planId },
    accept: 'text/calendar',
  });
  const name = fileName ?? icsFileName(planName);
  saveFile(blob, name);
  return name;
}

/** Downloads one plan's sessions; errors go to the app's error dialog. */
export function useDownloadPlanIcs() {
  return useMutation({ mutationFn: downloadPlanIcs });
}
