import { AI_LANGUAGES, type AiLanguage } from '@studybuddy/contracts';

/**
 * The languages the app speaks, apart from their word lists and stemmers (language.ts): naming
 * a language costs nothing, loading every stop-word list costs about 7 MB of heap.
 */
export type Language = AiLanguage;

export const LANGUAGES: readonly Language[] = AI_LANGUAGES;

/** The language a free-form code names, if the app speaks it ("es", "es-MX"). */
export function asLanguage(code: string): Language | undefined {
  const base = code.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((l) => l === base);
}
