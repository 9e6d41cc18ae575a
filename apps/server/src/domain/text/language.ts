import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import stopwordsIso from 'stopwords-iso' with { type: 'json' };
import { LANGUAGES, type Language } from './languages.js';

/**
 * The languages of the student's material, one stemmer (Snowball, `@orama/stemmers`) and one
 * stop-word list (`stopwords-iso`) each. Material keeps its own language: its words are
 * stemmed and filtered by the language it is written in, whatever the student's UI speaks.
 */
export { asLanguage, LANGUAGES, type Language } from './languages.js';

const STEMMERS: Record<Language, (word: string) => string> = {
  en: english,
  el: greek,
  es: spanish,
  fr: french,
  de: german,
};

// stopwords-iso merges several lists, some of them made for web pages, which count as stop
// words nouns that are the subject matter of a student's notes ("computer", "system", "value",
// "force"). Those stay content words, or a question about them would have no terms at all.
// Ordinals stay too: "Newton's third law" and "the second law" differ by nothing else (the
// Greek list holds none but "έκτος", which it means as "εκτός", except).
const SUBJECT_WORDS: Record<Language, string> = {
  en: `area areas bill case cases cause causes changes computer date effect fact facts fire goods
  group groups home index information interest invention length line member members million
  billion trillion thousand hundred name net novel number numbers order page pages part parts
  place places point points problem problems research result results ring room rooms section
  side sides state states system test text value width words work world year years zero
  first second third fifth`,
  el: '',
  es: `final horas tiempo trabajo valor
  primer primera primero primeros segunda segundo tercera`,
  fr: `effet force parole personne personnes pièce sujet valeur
  premier première deuxième troisième quatrième cinquième sixième septième huitième neuvième
  dixième onzième douzième`,
  de: `jahre jahren mensch menschen mittel ordnung sache
  erste ersten erster erstes zweite zweiten zweiter zweites dritte dritten dritter drittes
  vierte vierten vierter viertes fünfte fünften fünfter fünftes sechste sechsten sechster
  sechstes achte achten achter achtes neunte neunten neunter neuntes zehnte zehnten zehnter
  zehntes`,
};

/** A value for each language. */
function perLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return { en: make('en'), el: make('el'), es: make('es'), fr: make('fr'), de: make('de') };
}

/** Greek written with or without its accents reads the same (the list has both). */
function unaccented(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

const STOP_WORDS: Record<Language, ReadonlySet<string>> = perLanguage((lang) => {
  const keep = new Set(SUBJECT_WORDS[lang].split(/\s+/).filter(Boolean));
  const words = stopwordsIso[lang].filter((w) => !keep.has(w)).map((w) => w.toLowerCase());
  return new Set(lang === 'el' ? words.map(unaccented) : words);
});

/** The stop words of a language, lower case (Greek without accents). */
export function stopWords(language: Language): ReadonlySet<string> {
  return STOP_WORDS[language];
}

/** True when a lower-case word is a stop word of the language. */
export function isStopWord(language: Language, word: string): boolean {
  return STOP_WORDS[language].has(language === 'el' ? unaccented(word) : word);
}

// A word this long is no word a stemmer knows (a formula, a run of letters): it is left whole,
// which also bounds the stemmer's work on hostile text.
const MAX_STEMMED = 40;
// Material repeats its words, so stems are remembered; the cache is emptied when full.
const CACHE_SIZE = 50_000;
const stemCache = perLanguage(() => new Map<string, string>());

/** The stem of a word in a language, lower case: "cells" and "cell" share one. */
export function stem(language: Language, word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > MAX_STEMMED) return lower;
  const cache = stemCache[language];
  let out = cache.get(lower);
  if (out === undefined) {
    out = STEMMERS[language](lower);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(lower, out);
  }
  return out;
}

// Each stop word counts for the languages whose lists hold it, shared out between them: "la"
// says little (Spanish, French), "und" says German.
const WEIGHTS = (() => {
  const owners = new Map<string, Language[]>();
  for (const lang of LANGUAGES)
    if (lang !== 'el')
      for (const w of STOP_WORDS[lang]) owners.set(w, [...(owners.get(w) ?? []), lang]);
  return owners;
})();

// Letters only one of the Latin-script languages uses, each worth one shared stop word, and
// letters one of them uses far more than the others, worth less.
const LETTERS: [Language, RegExp, number][] = [
  ['es', /[ñ¿¡]/g, 1],
  ['es', /[áíóú]/g, 0.3],
  ['fr', /[çœèêëîïûù]/g, 1],
  ['fr', /é/g, 0.3],
  ['de', /[ßäöü]/g, 1],
];

/** Text read to tell a language: the start of the material says enough. */
const SAMPLE_CHARS = 20_000;

/** The start of a text, or of texts read one after another, up to `SAMPLE_CHARS`. */
function sampleOf(text: string | readonly string[]): string {
  if (typeof text === 'string') return text.slice(0, SAMPLE_CHARS);
  let out = '';
  for (const part of text) {
    if (out.length >= SAMPLE_CHARS) break;
    out += `${part}\n`;
  }
  return out.slice(0, SAMPLE_CHARS);
}

/**
 * The language a text is written in, of en, el, es, fr and de: Greek by its script, the others
 * by their stop words (each weighted by how many of the lists hold it) and a few letters only
 * one of them uses; texts given apart are read as one. `fallback` when the text gives no sign
 * (a name, a number).
 */
export function detectLanguage(
  text: string | readonly string[],
  fallback: Language = 'en',
): Language {
  const sample = sampleOf(text).toLowerCase();
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return fallback;
  const greekLetters = sample.match(/\p{Script=Greek}/gu)?.length ?? 0;
  if (greekLetters / letters >= 0.3) return 'el';
  const score: Record<Language, number> = { en: 0, el: 0, es: 0, fr: 0, de: 0 };
  // Words are read between apostrophes, so an elided article ("l'énergie") counts as the
  // French stop word it is.
  for (const word of sample.match(/\p{L}+/gu) ?? []) {
    const owners = WEIGHTS.get(word);
    if (owners) for (const lang of owners) score[lang] += 1 / owners.length;
  }
  for (const [lang, re, weight] of LETTERS) score[lang] += weight * (sample.match(re)?.length ?? 0);
  let best = fallback;
  for (const lang of LANGUAGES) if (score[lang] > score[best]) best = lang;
  return score[best] > 0 ? best : fallback;
}
