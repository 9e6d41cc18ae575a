import { type Topic, topicEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

/** PUT /topics/{id} with the topic's fields and the flipped completed flag (docs/product.md). */
export function toggleTopicCompleted(topic: Topic) {
  const { name, topicName, deepDiveContent } = topic;
  return apiRequest(topicEndpoints.update, {
    params: { id: topic.id },
    body: { name, topicName, deepDiveContent, completed: !topic.completed },
  });
}

/**
 * Toggles completion; the local state flips only once the server said yes (docs/product.md).
 * A failure opens the generic error dialog.
 */
export function useToggleTopicCompleted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleTopicCompleted,
    onSuccess: (topic) => {
      client.setQueryData(topicKeys.detail(topic.id), topic);
      client.setQueryData(topicKeys.bySubject(topic.subjectId), (topics: Topic[] | undefined) =>
        topics?.map((t) => (t.id === topic.id ? topic : t)),
      );
    },
    meta: { silent: true },
  });
}
