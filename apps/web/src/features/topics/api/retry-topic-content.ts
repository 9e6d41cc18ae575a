import { type Topic, topicEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

/** POST /api/topics/{id}/content/retry: the model tries again; the topic is `writing` again. */
export function retryTopicContent(topicId: number) {
  return apiRequest(topicEndpoints.retryContent, { params: { id: topicId } });
}

/**
 * Asks the model again for a topic it did not write; the answer (now `writing`) replaces the
 * cached topic, so the topic screen follows it. The screen shows its own failure text.
 */
export function useRetryTopicContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryTopicContent,
    onSuccess: (topic) => {
      client.setQueryData(topicKeys.detail(topic.id), topic);
      client.setQueryData(topicKeys.bySubject(topic.subjectId), (topics: Topic[] | undefined) =>
        topics?.map((t) => (t.id === topic.id ? topic : t)),
      );
    },
    meta: { handlesOwnErrors: true, silent: true },
  });
}
