import { readFileSync } from 'node:fs';
import type { AnkiPackageRead, AnkiRefusalCode } from '../anki/anki-read.js';
import { AnkiRefusal } from '../anki/anki-refusal.js';
import { type ParseFailure, ParseRefusal, parseDocument, parsePdfPages } from './parse-document.js';
import type { PageRun } from './pdf-pages.js';

/**
 * Entry of a parser child process (see parse-pool.ts): reads one document at a time from the
 * parent over IPC and answers with its text, or with why it could not be read. Before the
 * first document the parent puts the process under an operating-system memory limit, so a
 * file that inflates past it ends in an allocation failure here or in the process's death,
 * never in the server's. Anki packages are read here too: SQLite and the inflated collection
 * take memory no worker thread's heap limit counts.
 */
export interface ParseJob {
  id: number;
  kind: 'pdf' | 'docx' | 'anki';
  data: Uint8Array;
  /** A PDF's run of pages to read, answered as its pages' texts; else the whole text. */
  run?: PageRun;
  /** An Anki package's file name: its extension is part of what is checked. */
  filename?: string;
}

/** A whole document's text, a run's pages, or an Anki package read. */
export type ParseResult = { text: string } | { pages: string[] } | { anki: AnkiPackageRead };

/** The first message: the child is loaded, and how large it is when idle. */
export interface ParseReady {
  ready: true;
  /** VmData in KB, or undefined where /proc is missing (not Linux). */
  idleDataKb: number | undefined;
  /** Resident memory in KB: what a document's reading adds is counted from it. */
  idleRssKb: number;
}

export type ParseReply =
  | ({ id: number; ok: true; maxRssKb: number } & ParseResult)
  | {
      id: number;
      ok: false;
      error: ParseFailure;
      tooLarge: boolean;
      maxRssKb: number;
      /** An Anki package refused as a whole, and why (error is then file_unreadable). */
      refusal?: AnkiRefusalCode;
    };

function reply(message: ParseReply): void {
  process.send?.(message);
}

function read(job: ParseJob): Promise<ParseResult> {
  // Loaded with the first package: a child that only reads documents never holds SQLite.
  if (job.kind === 'anki')
    return import('../anki/read-package.js')
      .then(({ readAnkiPackage }) => readAnkiPackage(job.data, job.filename ?? ''))
      .then((anki) => ({ anki }));
  if (job.run && job.kind === 'pdf')
    return parsePdfPages(job.data, job.run).then((pages) => ({ pages }));
  return parseDocument(job.kind, job.data).then((text) => ({ text }));
}

process.on('message', (job: ParseJob) => {
  read(job).then(
    (result) => reply({ id: job.id, ok: true, ...result, maxRssKb: peakRssKb() }),
    (err: unknown) => {
      if (err instanceof AnkiRefusal) {
        const error: ParseFailure = { code: 'file_unreadable' };
        reply({
          id: job.id,
          ok: false,
          error,
          refusal: err.code,
          tooLarge: false,
          maxRssKb: peakRssKb(),
        });
        return;
      }
      const tooLarge = err instanceof RangeError || /memory|allocation/i.test(String(err));
      const error: ParseFailure =
        err instanceof ParseRefusal
          ? err.failure
          : { code: tooLarge ? 'file_too_large' : 'file_unreadable' };
      reply({ id: job.id, ok: false, error, tooLarge, maxRssKb: peakRssKb() });
    },
  );
});
// The parent going away leaves nothing to answer to.
process.on('disconnect', () => process.exit(0));

/** The fields of /proc/self/status read here, each in KB. */
const STATUS_FIELDS = {
  VmData: /^VmData:\s+(\d+) kB$/m,
  VmHWM: /^VmHWM:\s+(\d+) kB$/m,
  VmRSS: /^VmRSS:\s+(\d+) kB$/m,
};
type StatusField = keyof typeof STATUS_FIELDS;

/** Those fields from one read of /proc/self/status; none where /proc is missing (not Linux). */
function status(): Partial<Record<StatusField, number>> {
  let text: string;
  try {
    text = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return {};
  }
  const found: Partial<Record<StatusField, number>> = {};
  for (const field of Object.keys(STATUS_FIELDS) as StatusField[]) {
    const m = STATUS_FIELDS[field].exec(text);
    if (m) found[field] = Number(m[1]);
  }
  return found;
}

/**
 * The most resident memory this process has held. Not `process.resourceUsage().maxRSS`, save
 * where /proc is missing: on Linux that keeps the high-water mark from before `exec`, which for
 * a spawned child is the server's own size when it forked (a 40 MB child reported 618 MB under
 * a 650 MB parent).
 */
function peakRssKb(): number {
  return status().VmHWM ?? process.resourceUsage().maxRSS;
}

/**
 * The data segment (VmData) is what the memory limit counts, and an idle Node process's
 * differs by version: about 50 MB on Node 20 and 22, about 570 MB on Node 24, whose V8
 * reserves its code range as data. So the limit is set from it.
 */
const idle = status();
process.send?.({
  ready: true,
  idleDataKb: idle.VmData,
  idleRssKb: idle.VmRSS ?? process.resourceUsage().maxRSS,
} satisfies ParseReady);
