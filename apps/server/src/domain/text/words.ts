import { isStopWord, type Language, stem } from './language.js';

/**
 * Words of a text, apart from the rest of the text helpers (text.ts): these need each language's
 * stop words and stemmer, which only the work pool's threads load.
 */

// A word: letters and digits, with inner apostrophes and hyphens ("don't", "well-known").
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;
// French elides an article or pronoun into the next word: "l'énergie" is "énergie" (a curly
// apostrophe already ends a word).
const ELISION = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)'(?=\p{L})/iu;

/**
 * Content words of a text as written, its language's stop words and very short words left
 * out.
 */
export function contentTokens(text: string, language: Language): string[] {
  const out: string[] = [];
  for (const token of text.match(WORD) ?? []) {
    const word = language === 'fr' ? token.replace(ELISION, '') : token;
    if (word.length > 2 && !isStopWord(language, word.toLowerCase())) out.push(word);
  }
  return out;
}

/** Lower-case content words of a text, its language's stop words and very short words left out. */
export function contentWords(text: string, language: Language): string[] {
  return contentTokens(text.toLowerCase(), language);
}

/** Stems of the content words of a text, in order, as indexes and queries compare them. */
export function contentStems(text: string, language: Language): string[] {
  return contentWords(text, language).map((w) => stem(language, w));
}

// A heading is a short line; a longer one is prose, and is not scanned for a title.
