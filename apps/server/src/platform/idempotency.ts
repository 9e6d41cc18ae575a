import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

/** The request header (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key: what a client's UUID or ULID is, at most 100 characters. */
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
/** How long an answer is kept for repeats: a phone offline for a day still sends once. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;

/**
 * Requests that a phone's offline queue may send twice (a review, a check-in: docs/product.md,
 * The phone): with an `Idempotency-Key`, the first request runs and its answer is kept; a repeat
 * with the same key and the same request answers that answer and changes nothing (header
 * `Idempotent-Replayed: true`). The same key on another request is refused (422), and a repeat
 * while the first is still running waits its turn (409). A request that fails keeps no answer
 * (it changed nothing), so a repeat runs again. Without the header the request just runs.
 */
export function createIdempotency(repo: IdempotencyRepository, now: () => Date = () => new Date()) {
  return {
    async run<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      work: () => Promise<T>,
    ): Promise<T> {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return work();
      const key = Array.isArray(header) ? header[0] : header;
      if (key === undefined || !KEY.test(key))
        throw new AppError(
          400,
          'idempotency_key_invalid',
          'An Idempotency-Key is 1 to 100 letters, digits, dots, colons, dashes or underscores.',
        );
      const path = request.url.split('?')[0];
      const body = createHash('sha256')
        .update(JSON.stringify(request.body ?? null))
        .digest('base64url');
      const fingerprint = `${request.method} ${path} ${body}`;
      const at = now();
      await repo.forget(userId, new Date(at.getTime() - IDEMPOTENCY_KEEP_MS).toISOString());
      if (!(await repo.claim(userId, key, fingerprint, at.toISOString()))) {
        const first = await repo.find(userId, key);
        if (first && first.request !== fingerprint)
          throw new AppError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was used for another request.',
          );
        if (!first || first.status === null || first.body === null)
          throw new AppError(
            409,
            'idempotency_in_progress',
            'The same request is still being handled. Try again in a moment.',
          );
        reply.header('idempotent-replayed', 'true');
        reply.code(first.status);
        return JSON.parse(first.body) as T;
      }
      let result: T;
      try {
        result = await work();
      } catch (error) {
        await repo.release(userId, key);
        throw error;
      }
      await repo.complete(userId, key, reply.statusCode, JSON.stringify(result));
      return result;
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
