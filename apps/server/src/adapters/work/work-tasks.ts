import { createHash } from 'node:crypto';
import { IcsError, type IcsProblem, readIcs } from '../../domain/calendar/read-ics.js';
import { type LessonSentencesInput, lessonSentences } from '../../domain/nlp/lesson-sentences.js';
import { type PlannerInput, planStudy } from '../../domain/planner/planner.js';
import { studyText } from '../../domain/text/study-text.js';
import { materialFor, topicsWithMaterial } from '../../domain/text/topic-material.js';
import type { AiEngine } from '../ai/ai-engine.js';
import { createBuiltinEngine } from '../ai/builtin-engine.js';
import { LESSON_TEMPLATE } from '../ai/builtin-texts/index.js';
import { type AnkiPackageWrite, writeAnkiPackage } from '../anki/write-package.js';
import {
  CardCsvError,
  type CardCsvProblem,
  type CardCsvRead,
  readCardCsv,
} from '../csv/card-csv.js';

/**
 * The CPU-heavy text work of a request, run on the work pool's threads so the event loop
 * stays free for everyone else: reading text files, deriving topics from material, and every
 * answer of the builtin (offline) AI engine. Its streamed calls (a callback cannot cross to a
 * thread) are the plain ones, answered in one go (offline-engine.ts).
 */
export type AiMethod = Exclude<keyof AiEngine, 'chatStream' | 'answerLessonStream'>;

export type WorkTask =
  /** A file's hash and normalised text: its own bytes as UTF-8, or the text parsed from it. */
  | { kind: 'file'; data: Uint8Array; text?: string; maxChars: number }
  /** A stored file's text read again as a document (files stored before STUDY_TEXT_VERSION). */
  | { kind: 'restudy'; text: string; maxChars: number }
  | { kind: 'topics'; args: Parameters<typeof topicsWithMaterial> }
  | { kind: 'material'; args: Parameters<typeof materialFor> }
  /** A lesson's material as sentences: the lesson's, its topic's in the files, the focused. */
  | { kind: 'lessonSentences'; input: LessonSentencesInput }
  | { kind: 'ai'; method: AiMethod; request: unknown }
  /** A calendar file's busy intervals over [from, to) (ISO instants): see readIcsTask. */
  | { kind: 'ics'; text: string; from: string; to: string; zone: string }
  /** Cards written as an Anki package (its bytes): a large subject's is seconds of work. */
  | { kind: 'ankiPackage'; input: AnkiPackageWrite }
  /** A spreadsheet of cards read (see readCardCsvTask). */
  | { kind: 'cardCsv'; data: Uint8Array }
  /**
   * A study plan made (the planner): a long plan of many subjects is up to half a second of
   * work, most of it the exact cramming step's integer programs.
   */
  | { kind: 'plan'; input: PlannerInput };

let engine: AiEngine | undefined;

/** Runs one task; what it returns crosses back to the main thread by structured clone. */
export async function runTask(task: WorkTask): Promise<unknown> {
  switch (task.kind) {
    case 'file':
      return {
        text: storedText(task.text ?? Buffer.from(task.data).toString('utf8'), task.maxChars),
        sha256: createHash('sha256').update(task.data).digest('hex'),
      };
    case 'restudy':
      return storedText(task.text, task.maxChars);
    case 'topics':
      return topicsWithMaterial(...task.args);
    case 'material':
      return materialFor(...task.args);
    case 'lessonSentences':
      return lessonSentences(task.input, LESSON_TEMPLATE);
    case 'ics':
      return readIcsTask(task);
    case 'ankiPackage':
      return writeAnkiPackage(task.input);
    case 'cardCsv':
      return readCardCsvTask(task.data);
    case 'plan':
      return planStudy(task.input);
    case 'ai': {
      engine ??= createBuiltinEngine();
      const method = engine[task.method] as (r: unknown) => Promise<unknown>;
      return method.call(engine, task.request);
    }
  }
}

/**
 * The text an uploaded file is kept as: its Markdown (or the Markdown read from a PDF or Word
 * file) read as a document (`studyText`), once at upload, so that every later reading (topics,
 * material, lessons, the helper) sees paragraphs, lists and table facts and no front matter,
 * code or embeds.
 */
export function storedText(text: string, maxChars: number): string {
  // Read a little past the cap (a document's markup takes room its text does not), then cap.
  return normaliseText(studyText(text.slice(0, maxChars * 2)), maxChars);
}

/** Unix line ends, no runs of blank lines, trimmed and capped. */
export function normaliseText(text: string, maxChars: number): string {
  return text
    .replaceAll('\r\n', '\n')
    .replaceAll('\r', '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, maxChars);
}

/** What a calendar file's reading sends back: its intervals, or why it could not be read. */
export type IcsTaskResult =
  | {
      ok: true;
      name: string | undefined;
      intervals: { title: string; start: string; end: string }[];
      warnings: ReturnType<typeof readIcs>['warnings'];
    }
  | { ok: false; problem: IcsProblem; message: string };

/** readIcs on the work pool; a refusal comes back as a value (an error's class is lost between threads). */
function readIcsTask(task: Extract<WorkTask, { kind: 'ics' }>): IcsTaskResult {
  try {
    const read = readIcs(
      task.text,
      { from: new Date(task.from), to: new Date(task.to) },
      task.zone,
    );
    return {
      ok: true,
      name: read.name,
      intervals: read.intervals.map((i) => ({
        title: i.title,
        start: i.start.toISOString(),
        end: i.end.toISOString(),
      })),
      warnings: read.warnings,
    };
  } catch (error) {
    if (error instanceof IcsError)
      return { ok: false, problem: error.problem, message: error.message };
    throw error;
  }
}

/** What reading a card spreadsheet sends back: its rows, or why it is none. */
export type CardCsvTaskResult =
  | { ok: true; read: CardCsvRead }
  | { ok: false; problem: CardCsvProblem };

/** readCardCsv on the work pool; a refusal comes back as a value (an error's class is lost between threads). */
function readCardCsvTask(data: Uint8Array): CardCsvTaskResult {
  try {
    return { ok: true, read: readCardCsv(data) };
  } catch (error) {
    if (error instanceof CardCsvError) return { ok: false, problem: error.problem };
    throw error;
  }
}
