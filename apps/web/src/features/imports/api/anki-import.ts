import { type AnkiImportInput, importEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';

/** POST /api/imports/anki/preview as multipart: the package read, nothing imported yet. */
export function useAnkiPreview() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(importEndpoints.ankiPreview, { formData: form });
    },
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/imports/anki: the previewed package into a plan; every plan view refetches. */
export function useAnkiImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnkiImportInput) => apiRequest(importEndpoints.ankiImport, { body: input }),
    // New subjects, topics, lessons and cards: no screen may start from the cached plans.
    onSuccess: async () => {
      planCache.clear();
      await client.invalidateQueries();
    },
    meta: { handlesOwnErrors: true },
  });
}
