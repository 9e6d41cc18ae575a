import { detectLanguage, type Language, stem } from '../text/language.js';
import { replaceMath } from '../text/text.js';
import { contentTokens } from '../text/words.js';
import { type SourceSentence, tag } from './nlp.js';

export interface Keyphrase {
  /** As it appears in the material (most frequent spelling). */
  text: string;
  /** Normalised key: the stems of its words in the material's language. */
  key: string;
  score: number;
  words: number;
}

// Words too generic to be a key phrase of English material, compared by stem.
const GENERIC = new Set(
  `example examples figure table chapter section page result results way ways thing things part
  parts lot kind kinds type types number case cases use point points time times question questions
  answer answers lesson lessons topic topics note notes student students fact facts place
  process processes step steps amount order`
    .split(/\s+/)
    .map((w) => stem('en', w)),
);
const RELATIVE = new Set(['that', 'which', 'who', 'it', 'this']);
const NOUNISH = new Set(['NOUN', 'PROPN']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

/** Normalised key of a phrase, for deduplication and comparisons: its words' stems. */
export function phraseKey(phrase: string, language: Language): string {
  return (phrase.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => stem(language, w)).join(' ');
}

/**
 * Key phrases of the material: noun phrases (adjectives and nouns ending in a noun, 1 to 4
 * words) tagged by wink-nlp, scored by frequency, early position and heading membership.
 * Other languages get frequent content words instead (no POS model for them).
 */
export function keyphrases(
  sentences: SourceSentence[],
  max = 25,
  headings: string[] = [],
  language: Language = detectLanguage(sentences.map((s) => s.text)),
): Keyphrase[] {
  const english = language === 'en';
  const stats = new Map<
    string,
    { texts: Map<string, number>; count: number; first: number; words: number }
  >();
  const add = (phrase: string, at: number) => {
    const key = phraseKey(phrase, language);
    if (!key || key.length < 3) return;
    const words = key.split(' ');
    if ((english && words.every((w) => GENERIC.has(w))) || /^\d/.test(key)) return;
    const s = stats.get(key) ?? { texts: new Map(), count: 0, first: at, words: words.length };
    s.count += 1;
    s.texts.set(phrase, (s.texts.get(phrase) ?? 0) + 1);
    stats.set(key, s);
  };
  sentences.forEach((s, at) => {
    // A formula's symbols and commands ("\\Sigma", "frac") are no phrases of the material.
    const text = replaceMath(s.text, () => ' ');
    if (!english) {
      for (const w of contentTokens(text, language)) if (w.length >= 4) add(w, at);
      return;
    }
    const tokens = tag(text);
    let run: { text: string; pos: string }[] = [];
    const flush = () => {
      while (run.length > 0 && !NOUNISH.has(run[run.length - 1]?.pos ?? '')) run.pop();
      while (run.length > 0 && run[0]?.pos === 'ADJ' && run.length > 3) run.shift();
      if (run.length >= 1 && run.length <= 4) {
        const words = run.map((t) => t.text);
        // A lone word must be a real word (not a symbol or an initial).
        if (run.length > 1 || ((words[0]?.length ?? 0) >= 4 && /^\p{L}/u.test(words[0] ?? '')))
          add(words.join(' '), at);
      }
      run = [];
    };
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1]?.text.toLowerCase() ?? '';
      const next = tokens[i + 1];
      // The small English model tags some third-person verbs as nouns: "respiration releases
      // the energy", "that fixes carbon". A word ending in -s right after a relative pronoun
      // or right before an article is taken as the verb it usually is.
      const last = run[run.length - 1];
      const verbLike =
        /s$/i.test(t.text) &&
        (RELATIVE.has(prev) ||
          (run.length > 0 && next !== undefined && next.pos === 'DET') ||
          (last !== undefined &&
            NOUNISH.has(last.pos) &&
            !/s$/i.test(last.text) &&
            next !== undefined &&
            ['NOUN', 'ADJ'].includes(next.pos)));
      if (PHRASE_POS.has(t.pos) && !verbLike && /^[\p{L}][\p{L}\p{N}'’-]*$/u.test(t.text))
        run.push(t);
      else flush();
    });
    flush();
  });
  const headingKeys = new Set(headings.map((h) => phraseKey(h, language)));
  const n = Math.max(1, sentences.length);
  return [...stats.entries()]
    .map(([key, s]) => {
      const text =
        [...s.texts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ??
        key;
      const score =
        s.count * (1 + 0.4 * (s.words - 1)) +
        (headingKeys.has(key) ? 2 : 0) +
        (1 - s.first / n) * 0.5;
      return { text, key, score, words: s.words };
    })
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
    .slice(0, max);
}
