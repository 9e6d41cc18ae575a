import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { STUDY_TEXT_VERSION } from '../../domain/text/study-text.js';

export const RESTUDY_FILES_JOB = 'restudy-files';

/** The stored files whose text is an older reading of their document, for restudy-files.ts. */
export function createRestudyFilesRepository(db: Kysely<Database>) {
  return {
    /** Up to `limit` stale files, oldest first. */
    listStale(limit: number) {
      return db
        .selectFrom('studyFiles')
        .select(['id', 'textContent'])
        .where('textVersion', '<', STUDY_TEXT_VERSION)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Stores a file's text as the current reading, unless another instance did meanwhile. */
    async saveCurrent(id: number, textContent: string): Promise<void> {
      await db
        .updateTable('studyFiles')
        .set({ textContent, textVersion: STUDY_TEXT_VERSION })
        .where('id', '=', id)
        .where('textVersion', '<', STUDY_TEXT_VERSION)
        .execute();
    },

    /** Whether a stale file is stored while no restudy job waits or runs. */
    async needsJob(): Promise<boolean> {
      const file = await db
        .selectFrom('studyFiles')
        .select('id')
        .where('textVersion', '<', STUDY_TEXT_VERSION)
        .limit(1)
        .executeTakeFirst();
      if (!file) return false;
      const queued = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', RESTUDY_FILES_JOB)
        .where('status', 'in', ['pending', 'running'])
        .limit(1)
        .executeTakeFirst();
      return !queued;
    },
  };
}
export type RestudyFilesRepository = ReturnType<typeof createRestudyFilesRepository>;
