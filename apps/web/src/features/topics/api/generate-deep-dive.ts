import { type AiLanguage, topicEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

export interface GenerateDeepDiveInput {
  topicId: number;
  prompt: string;
  files: readonly File[];
  /** The student's language, for the engine's own headings and checklist. */
  language: AiLanguage;
}

/**
 * POST /topics/{id}/generate-checklist?language= as multipart: `prompt` and one `files` part
 * per file.
 */
export function generateDeepDive({ topicId, prompt, files, language }: GenerateDeepDiveInput) {
  const form = new FormData();
  form.append('prompt', prompt);
  for (const file of files) form.append('files', file, file.name);
  return apiRequest(topicEndpoints.generateDeepDive, {
    params: { id: topicId },
    query: { language },
    formData: form,
  });
}

/** Fills the topic's deep dive; the result (with warnings) replaces the cached topic. */
export function useGenerateDeepDive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateDeepDive,
    onSuccess: ({ warnings: _warnings, ...topic }) => {
      client.setQueryData(topicKeys.detail(topic.id), topic);
      return client.invalidateQueries({ queryKey: topicKeys.bySubject(topic.subjectId) });
    },
    meta: { handlesOwnErrors: true, loadingMessage: 'topics.checklist.generating' },
  });
}
