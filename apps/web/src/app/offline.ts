import type { QueryClient } from '@tanstack/react-query';
import { followSessionWithOfflineCopy } from './offline-copy';
import { sendQueuedActions } from './offline-queue-sync';

/**
 * Everything the app does for a signed-in student about having no signal (docs/architecture.md,
 * The phone): the kept copy of their study data, and the actions that wait to be sent. Loaded
 * once a student is signed in: a visitor's first screen downloads none of it. Resolves, once the
 * copy is in the cache, with the function that stops both.
 */
export async function startOfflineSupport(client: QueryClient): Promise<() => void> {
  const stopCopy = await followSessionWithOfflineCopy(client);
  const stopQueue = sendQueuedActions(client);
  return () => {
    stopCopy();
    stopQueue();
  };
}
