import { type PlanContent, type Topic, topicEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { smartSchedulerKeys } from './keys';

/** POST /api/topics/{id}/content/retry: the model tries again; the topic is `writing` again. */
export function retryTopicContent(topicId: number) {
  return apiRequest(topicEndpoints.retryContent, { params: { id: topicId } });
}

/** The plan's content with one topic as the server now has it. */
export function withTopicStatus(content: PlanContent, topic: Topic): PlanContent {
  const topics = content.topics.map((entry) =>
    entry.topicId === topic.id
      ? { ...entry, status: topic.contentStatus, note: topic.contentNote }
      : entry,
  );
  const written = topics.filter((entry) => entry.status !== 'writing').length;
  return { ...content, topics, written };
}

/**
 * Asks for another try at a topic of a plan; the plan's content shows it `writing` at once, so
 * the review follows it again until it is done. The panel shows its own failure text.
 */
export function useRetryTopicContent(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryTopicContent,
    onSuccess: (topic) => {
      client.setQueryData(smartSchedulerKeys.content(planId), (content: PlanContent | undefined) =>
        content ? withTopicStatus(content, topic) : content,
      );
    },
    meta: { handlesOwnErrors: true, silent: true },
  });
}
