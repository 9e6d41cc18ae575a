import type { LessonTemplate } from '../../../domain/nlp/nlp.js';
import { splitSentences } from '../../../domain/text/text.js';
import type { Language } from '../ai-engine.js';
import { de } from './de.js';
import { el } from './el.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import type { BuiltinTexts } from './texts.js';

export type { BuiltinTexts, ChatIntents } from './texts.js';

/** The builtin engine's fixed texts, by language. */
export const BUILTIN_TEXTS: Record<Language, BuiltinTexts> = { en, el, es, fr, de };

/** The fixed texts in the student's language. */
export function textsFor(language: Language): BuiltinTexts {
  return BUILTIN_TEXTS[language];
}

// Stands for the student's words (a topic, a heading, a term) when a template is rendered.
const SLOT = 'zzslotzz';
// Fixed parts shorter than this would match ordinary sentences of the material.
const MIN_FIXED = 12;

/**
 * The sentences the engine writes into lessons, checklists, cards and answers, each as its
 * fixed parts around the student's words, so that text it wrote and that came back (a stored
 * deep dive, a lesson) is never taken for study material.
 */
function templateSentences(t: BuiltinTexts): string[][] {
  const groups = [t.cards, t.lessonHelper, t.deepDive, t.lesson] as unknown as Record<
    string,
    unknown
  >[];
  const rendered: string[] = [];
  for (const group of groups)
    for (const value of Object.values(group)) {
      if (typeof value === 'string') rendered.push(value);
      else if (typeof value === 'function')
        rendered.push(String((value as (...a: unknown[]) => unknown)(SLOT, SLOT, SLOT)));
    }
  const out: string[][] = [];
  for (const text of rendered)
    for (const sentence of splitSentences(text.replace(/\*\*|__|`/g, ''))) {
      const parts = sentence.toLowerCase().split(SLOT);
      const last = parts.length - 1;
      const trimmed = parts.map((p, i) => (i === 0 ? p.trimStart() : i === last ? p.trimEnd() : p));
      if (trimmed.join('').trim().length >= MIN_FIXED) out.push(trimmed);
    }
  return out;
}

/**
 * The parts of a builtin lesson that are not study material, in every language (a lesson keeps
 * the language it was written in). "Sources" sections come from lessons written by models.
 */
export const LESSON_TEMPLATE: LessonTemplate = {
  sections: [
    'sources',
    ...Object.values(BUILTIN_TEXTS).flatMap((t) => [
      t.lesson.checkYourself.toLowerCase(),
      t.deepDive.checklist.toLowerCase(),
    ]),
  ],
  placeholders: Object.values(BUILTIN_TEXTS).flatMap((t) => [
    t.lesson.nameOnly.toLowerCase(),
    t.lesson.addNotes.toLowerCase(),
  ]),
  sentences: Object.values(BUILTIN_TEXTS).flatMap(templateSentences),
};
