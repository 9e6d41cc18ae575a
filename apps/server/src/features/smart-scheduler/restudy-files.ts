import { STUDY_TEXT_VERSION } from '../../domain/text/study-text.js';
import type { JobHandler, JobLogger } from '../../platform/job-runner.js';
import type { RestudyFilesRepository } from './restudy-files.repository.js';

export { RESTUDY_FILES_JOB } from './restudy-files.repository.js';

/** Files read again per query of the stale ones: each is one task of the work pool. */
const BATCH = 20;

/**
 * Reads the stored files whose text is an older reading of their document (text_version below
 * STUDY_TEXT_VERSION: front matter, code, table pipes and PDF line breaks kept, as uploads were
 * read before) again from that text, so their topics' next lessons, cards, quizzes and helper
 * answers see paragraphs, lists and table facts. Only the text is stored, not the upload, so a
 * PDF's running headers stay as they were read then. Background work of the instance: one job
 * (`enqueueIfStale` at start), a batch at a time, each file on the work pool (`restudy`); a file
 * the pool cannot read keeps its text and is marked read, so it is not tried again forever.
 * The lessons already written are not rewritten.
 */
export function createRestudyFiles(deps: {
  repo: RestudyFilesRepository;
  /** A stored text read again (`storedText` on the work pool). */
  restudy: (text: string, signal: AbortSignal) => Promise<string>;
  enqueue: () => Promise<void>;
  log: JobLogger;
}) {
  const stale = () => deps.repo.listStale(BATCH);

  const job: JobHandler<Record<string, never>> = {
    async run(_payload, ctx) {
      let read = 0;
      let kept = 0;
      for (let rows = await stale(); rows.length > 0; rows = await stale()) {
        for (const row of rows) {
          if (ctx.signal.aborted) return;
          let text = row.textContent;
          try {
            text = await deps.restudy(row.textContent, ctx.signal);
          } catch (error) {
            if (ctx.signal.aborted) return;
            kept++;
            deps.log.warn(
              {
                event: 'files.restudy_failed',
                fileId: row.id,
                error: error instanceof Error ? error.message : String(error),
              },
              'a stored file could not be read again; its text is kept',
            );
          }
          await deps.repo.saveCurrent(row.id, text);
          read++;
        }
      }
      if (read > 0)
        deps.log.info(
          { event: 'files.restudied', files: read, kept, version: STUDY_TEXT_VERSION },
          'stored files read again as documents',
        );
    },
  };

  return {
    job,
    /**
     * Queues the job when a stored file is stale and no job of it waits or runs (two instances
     * starting at once may both queue one: the second finds nothing left to read).
     */
    async enqueueIfStale(): Promise<boolean> {
      if (!(await deps.repo.needsJob())) return false;
      await deps.enqueue();
      return true;
    },
  };
}
