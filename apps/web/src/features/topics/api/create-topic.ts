import { type CreateTopicInput, topicEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

/** POST /topics; the server also generates the topic's first lesson. */
export function createTopic(input: CreateTopicInput) {
  return apiRequest(topicEndpoints.create, { body: input });
}

export function useCreateTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: (topic) =>
      client.invalidateQueries({ queryKey: topicKeys.bySubject(topic.subjectId) }),
    meta: { handlesOwnErrors: true, loadingMessage: 'topics.add.generating' },
  });
}
