import { type CsvImportInput, importEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';

/** POST /api/imports/csv/preview as multipart: the spreadsheet read, nothing imported yet. */
export function useCsvPreview() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(importEndpoints.csvPreview, { formData: form });
    },
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/imports/csv: the previewed rows as cards, with the columns chosen. */
export function useCsvImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CsvImportInput) => apiRequest(importEndpoints.csvImport, { body: input }),
    // A new subject, topic, lesson and cards: no screen may start from the cached plans.
    onSuccess: async () => {
      planCache.clear();
      await client.invalidateQueries();
    },
    meta: { handlesOwnErrors: true },
  });
}
