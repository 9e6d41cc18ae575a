import { materialFor, type Source } from '../text/topic-material.js';
import { keyphrases } from './keyphrases.js';
import { type LessonTemplate, materialSentences, type SourceSentence } from './nlp.js';
import { createSentenceIndex } from './retrieval.js';

/** File sentences that join the lesson for flashcards and quizzes. */
const RELATED_SENTENCES = 40;

export interface LessonSentencesInput {
  topicName: string;
  lessonTitle: string;
  /** The lesson's own text (Markdown). */
  lessonText: string;
  /** The subject's files, whole: only the topic's section of each is read. */
  files: Source[];
  /** Text read from the files in all. */
  maxChars: number;
  /** The subject's other topics, whose sections of the files are theirs. */
  otherTopics: readonly string[];
}

export interface LessonSentences {
  lesson: SourceSentence[];
  files: SourceSentence[];
  /** The lesson, then the file sentences closest to it: what cards and quizzes are made from. */
  focused: SourceSentence[];
}

/**
 * The student's own material for a lesson, as sentences (headings, questions and
 * instruction-like text dropped): the lesson's, those of the topic's section of each file, and
 * the focused selection of both. Language work over up to `maxChars` of files (about 100 ms for
 * 400,000 characters), so the server runs it on its work pool, never on the event loop.
 */
export function lessonSentences(
  input: LessonSentencesInput,
  template: LessonTemplate,
): LessonSentences {
  const sections = materialFor(input.topicName, input.files, input.maxChars, input.otherTopics);
  const files = sections.flatMap((f) => materialSentences(f.text, f.name, template));
  const lesson = materialSentences(input.lessonText, input.lessonTitle, template);
  return { lesson, files, focused: focused(input, lesson, files) };
}

/**
 * The lesson plus the topic's file sentences: all of them when the section is short, else the
 * ones closest to the lesson (BM25), in their original order. A short section is kept whole
 * because its topic's own words may be stop words ("ser y estar") that no search can match.
 */
function focused(
  input: LessonSentencesInput,
  lesson: SourceSentence[],
  files: SourceSentence[],
): SourceSentence[] {
  if (files.length <= RELATED_SENTENCES) return [...lesson, ...files];
  const terms = keyphrases(lesson, 8).map((k) => k.text);
  const query = [input.topicName, input.lessonTitle, ...terms].join(' ');
  const hits = createSentenceIndex(files)
    .search(query, RELATED_SENTENCES)
    .map((h) => h.index)
    .sort((a, b) => a - b);
  return [...lesson, ...hits.map((i) => files[i] as SourceSentence)];
}
