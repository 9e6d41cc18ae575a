import type { FastifyReply } from 'fastify';

/**
 * An answer already written as JSON by the route's serializer: route.ts sends its bytes as
 * they are, with the JSON content type, without serializing again.
 */
export class SerializedAnswer {
  constructor(readonly body: Buffer) {}
}

interface Entry {
  version: string;
  body: Buffer;
}

/**
 * Serialized answers kept in memory, each under the version of the data it was made from. The
 * version comes from the database (a value triggers change on every write that matters, see
 * db/migrations/0013-add-plan-versions.ts), so an answer is served only while the data is the
 * same, whichever instance wrote it. The least recently used answers go first once the bytes
 * kept pass `maxBytes`.
 */
export function createAnswerCache(maxBytes: number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    /**
     * The answer for `key`: the kept one if it was made at the current version, else made now
     * by `make` and kept (unless there is no version: nothing to check it against later). The
     * version is read before `make` reads the data, so a kept answer is never older than its
     * version; a write in between changes the version, and the answer is not served again.
     */
    async answer<T>(
      reply: FastifyReply,
      key: string,
      version: () => Promise<string | undefined>,
      make: () => Promise<T>,
    ): Promise<SerializedAnswer> {
      const current = await version();
      const kept = entries.get(key);
      if (current !== undefined && kept?.version === current) {
        // Most recently used last, so the eviction below takes the oldest first.
        entries.delete(key);
        entries.set(key, kept);
        return new SerializedAnswer(kept.body);
      }
      const body = Buffer.from(reply.serialize(await make()) as string);
      drop(key);
      if (current !== undefined && body.length <= maxBytes) {
        entries.set(key, { version: current, body });
        bytes += body.length;
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
      }
      return new SerializedAnswer(body);
    },

    /** Bytes and answers kept (for tests and figures). */
    size(): { bytes: number; answers: number } {
      return { bytes, answers: entries.size };
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
