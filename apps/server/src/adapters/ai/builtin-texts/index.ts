import type { LessonTemplate } from '../../../domain/nlp/nlp.js';
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
};
