import { type ParseFailure, ParseRefusal, parseDocument } from './parse-document.js';

/**
 * Entry of a parser child process (see parse-pool.ts): reads one document at a time from the
 * parent over IPC and answers with its text, or with why it could not be read. The process
 * runs under an operating-system memory limit, so a file that inflates past it ends in an
 * allocation failure here or in the process's death, never in the server's.
 */
export interface ParseJob {
  id: number;
  kind: 'pdf' | 'docx';
  data: Uint8Array;
}

export type ParseReply =
  | { id: number; ok: true; text: string; maxRssKb: number }
  | { id: number; ok: false; error: ParseFailure; tooLarge: boolean; maxRssKb: number };

function reply(message: ParseReply): void {
  process.send?.(message);
}

process.on('message', (job: ParseJob) => {
  parseDocument(job.kind, job.data).then(
    (text) => reply({ id: job.id, ok: true, text, maxRssKb: process.resourceUsage().maxRSS }),
    (err: unknown) => {
      const tooLarge = err instanceof RangeError || /memory|allocation/i.test(String(err));
      const error: ParseFailure =
        err instanceof ParseRefusal
          ? err.failure
          : { code: tooLarge ? 'file_too_large' : 'file_unreadable' };
      reply({ id: job.id, ok: false, error, tooLarge, maxRssKb: process.resourceUsage().maxRSS });
    },
  );
});
// The parent going away leaves nothing to answer to.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
