import {
  type PlanContent,
  smartSchedulerEndpoints,
  type TopicContentStatus,
} from '@studybuddy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { followEvents } from '@/lib/sse';
import { CONTENT_POLL_MS, isContentDone, planContentQueryOptions } from '../api/get-plan-content';
import { smartSchedulerKeys } from '../api/keys';

export interface UsePlanContentOptions {
  /**
   * Topics that just stopped `writing` (written, or not written by the model): what shows
   * them (the topic, its lessons) is out of date. The page that composes the features passes
   * this, as a feature does not know another feature's queries.
   */
  onTopicsSettled?: (topicIds: number[]) => void;
}

export interface PlanContentState {
  /** The plan's content as last heard, or undefined before the first answer. */
  content: PlanContent | undefined;
  /** Nothing is being written any more. */
  done: boolean;
  /** The event stream is not there: the content is polled every CONTENT_POLL_MS. */
  polling: boolean;
}

/**
 * Follows a plan's deep dives and lessons while they are written in the background: the
 * plan's content events (a fetch stream, which sends the Bearer token as EventSource cannot)
 * put every `content` event into the query cache until the server ends the stream once every
 * topic is done (or on unmount). Where streams are missing or the stream fails, the content is
 * polled every 2 s instead, until it is done. A retry that makes a topic `writing` again
 * starts following again.
 */
export function usePlanContent(
  planId: number,
  initial?: PlanContent,
  options: UsePlanContentOptions = {},
): PlanContentState {
  const client = useQueryClient();
  const valid = Number.isInteger(planId) && planId > 0;
  const [polling, setPolling] = useState(false);
  const query = useQuery({
    ...planContentQueryOptions(planId),
    initialData: initial,
    enabled: valid,
    refetchInterval: (q) => (polling && !isContentDone(q.state.data) ? CONTENT_POLL_MS : false),
  });
  const content = query.data;
  const done = isContentDone(content);

  useEffect(() => {
    if (!valid || done || polling) return;
    if (typeof ReadableStream === 'undefined') {
      setPolling(true);
      return;
    }
    const controller = new AbortController();
    followEvents(smartSchedulerEndpoints.contentEvents, {
      params: { planId },
      signal: controller.signal,
      onData: (next) => client.setQueryData(smartSchedulerKeys.content(planId), next),
    })
      .catch(() => undefined)
      .finally(() => {
        // Ended before the content was done (a failure, a restart, a proxy that cuts streams):
        // read it now, then poll until it is done.
        if (controller.signal.aborted) return;
        setPolling(true);
        void client.invalidateQueries({ queryKey: smartSchedulerKeys.content(planId) });
      });
    return () => controller.abort();
  }, [client, planId, valid, done, polling]);

  const onSettled = useRef(options.onTopicsSettled);
  onSettled.current = options.onTopicsSettled;
  const statuses = useRef<Map<number, TopicContentStatus> | null>(null);
  useEffect(() => {
    if (!content) return;
    const before = statuses.current;
    statuses.current = new Map(content.topics.map((topic) => [topic.topicId, topic.status]));
    if (!before) return;
    const settled = content.topics
      .filter((topic) => topic.status !== 'writing' && before.get(topic.topicId) === 'writing')
      .map((topic) => topic.topicId);
    if (settled.length > 0) onSettled.current?.(settled);
  }, [content]);

  return { content, done, polling };
}
