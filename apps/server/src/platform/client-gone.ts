import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer is sent, so long work
 * for a closed tab or a cancelled request is abandoned instead of finished for nobody.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
