import { detectLanguage, type Language, stem } from '../text/language.js';
import { trimEndMatching } from '../text/text.js';
import { findNumbers } from './generate.js';
import type { SourceSentence } from './nlp.js';
import { createSentenceIndex, queryTerms } from './retrieval.js';

// Words that ask rather than name what is asked about, in each language; the stop words of
// the language are dropped already.
const QUESTION_WORDS: Record<Language, string> = {
  en: `what whats define definition meaning mean means explain describe tell about why how when where
  who which lesson help please give show does did can could would know difference between
  compare comparison contrast`,
  el: `τι ποιος ποια ποιο ορισμός ορισμό ορίστε σημαίνει σημασία εξήγησε εξηγήστε εξήγηση περιέγραψε
  περιγράψτε πες πείτε μάθημα βοήθεια παρακαλώ δείξε διαφορά μεταξύ γιατί πώς πότε πού ξέρεις
  σύγκρινε συγκρίνετε σύγκριση`,
  es: `qué que define definir definición significa significado explica explicar explícame describe
  describir dime lección ayuda ayúdame favor muestra diferencia entre por cómo cuándo dónde quién cuál
  compara comparar comparación`,
  fr: `quoi que définis définir définition signifie sens signification explique expliquer
  expliquez décris décrire dis leçon aide aidez plaît montre différence entre pourquoi comment
  quand où qui quel quelle compare comparez comparer comparaison`,
  de: `was definiere definieren definition bedeutet bedeutung erkläre erklären erklärung beschreibe
  beschreiben sag lektion hilfe hilf bitte zeig unterschied zwischen warum wie wann wo wer welche
  vergleiche vergleichen vergleich`,
};

const questionStems = new Map<Language, ReadonlySet<string>>();
function isQuestionWord(language: Language, term: string): boolean {
  let stems = questionStems.get(language);
  if (!stems) {
    stems = new Set(
      QUESTION_WORDS[language]
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => stem(language, w)),
    );
    questionStems.set(language, stems);
  }
  return stems.has(term);
}

const HELP_REQUEST =
  /^(help( me)?( with)?( this| the)? lesson|summar(y|ise|ize)( this| the)?( lesson)?|help|overview)$/i;

/**
 * True for “Help me with this lesson” and other requests for an overview typed as a question
 * (the help button itself says `kind: overview`).
 */
export function isHelpRequest(question: string): boolean {
  // Spaces and closing punctuation are trimmed outside the regex: `\s*[.!?]*\s*$` after a word
  // backtracks quadratically on a long run of spaces.
  return HELP_REQUEST.test(trimEndMatching(question.trim(), /[.!?]/).trimEnd());
}

/**
 * "What does X mean", X on one line. The first "what does" of a line leaves the most room for
 * "mean" after it, so one search for each suffices; `what does .* mean` would search the rest
 * of the line again from every "what does".
 */
function asksMeaning(question: string): boolean {
  return question.split(/[\n\r\u2028\u2029]/).some((line) => {
    const at = line.search(/\bwhat does /i);
    return at >= 0 && / mean\b/i.test(line.slice(at + 'what does '.length));
  });
}

// Words that join the parts of a question ("Why does SN1 ... while SN2 ...?"), in each
// language; "vs" and "versus" in all of them.
const CONNECTORS: Record<Language, string[]> = {
  en: [
    'while',
    'whereas',
    'and',
    'but',
    'compared with',
    'compared to',
    'as opposed to',
    'in contrast to',
    'unlike',
  ],
  el: [
    'ενώ',
    'και',
    'κι',
    'αλλά',
    'όμως',
    'σε σύγκριση με',
    'σε αντίθεση με',
    'σε σχέση με',
    'έναντι',
  ],
  es: [
    'mientras que',
    'mientras',
    'y',
    'pero',
    'en cambio',
    'comparado con',
    'en comparación con',
    'frente a',
    'a diferencia de',
  ],
  fr: [
    'alors que',
    'tandis que',
    'et',
    'mais',
    'comparé à',
    'comparée à',
    'par rapport à',
    'contrairement à',
    'à la différence de',
  ],
  de: [
    'während',
    'wohingegen',
    'und',
    'aber',
    'jedoch',
    'im Vergleich zu',
    'verglichen mit',
    'gegenüber',
    'im Gegensatz zu',
  ],
};

/** A word as connectors are compared: lower case, accents dropped ("ενω" is "ενώ"). */
const plain = (word: string) =>
  word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

const connectorWords = new Map<Language, string[][]>();
/** The connectors of a language as lower-case word sequences, the longest first. */
function connectorsOf(language: Language): string[][] {
  let out = connectorWords.get(language);
  if (!out) {
    out = [...CONNECTORS[language], 'vs', 'versus']
      .map((c) => plain(c).split(' '))
      .sort((a, b) => b.length - a.length);
    connectorWords.set(language, out);
  }
  return out;
}

/**
 * A question cut at its connectors, read word by word (a regex built from the word lists
 * would be one more pattern to prove linear).
 */
function splitAtConnectors(question: string, languages: Language[]): string[] {
  const connectors = [...new Set(languages)].flatMap(connectorsOf);
  const words = [...question.matchAll(/[\p{L}\p{N}]+/gu)];
  const plainWords = words.map((w) => plain(w[0]));
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < words.length; i++) {
    const found = connectors.find((c) => c.every((w, k) => plainWords[i + k] === w));
    if (!found) continue;
    const first = words[i] as RegExpMatchArray;
    const last = words[i + found.length - 1] as RegExpMatchArray;
    pieces.push(question.slice(start, first.index ?? start));
    start = (last.index ?? start) + last[0].length;
    i += found.length - 1;
  }
  pieces.push(question.slice(start));
  return pieces;
}

/** Parts a question is answered in at most (“A and B, while C...”). */
const MAX_PARTS = 6;

/** A part of a question and the terms it asks about. */
interface QuestionPart {
  text: string;
  terms: string[];
}

/**
 * The parts of a question, cut at the words that join them ("while", "and", "compared with"
 * and their equivalents in the material's and the question's language). A piece that asks
 * about nothing ("What is the difference") is no part; a question of one part is one part.
 */
export function questionParts(question: string, language: Language): QuestionPart[] {
  const asked = detectLanguage(question, language);
  const pieces = splitAtConnectors(question, [language, asked]);
  const parts: QuestionPart[] = [];
  for (const piece of pieces) {
    const text = piece.replace(/^[\s,;:.]+/, '').trim();
    const terms = queryTerms(text, language).filter((t) => !isQuestionWord(language, t));
    if (terms.length > 0) parts.push({ text: trimEndMatching(text, /[\s,;:?!.]/), terms });
  }
  // A question of many parts is read as one: each part costs a search of the material.
  return parts.length > MAX_PARTS ? [{ text: question.trim(), terms: [] }] : parts;
}

export interface GroundedAnswer {
  covered: boolean;
  /** The passages that answer it, verbatim: for a question of several parts, each part's best. */
  sentences: SourceSentence[];
  /** Parts of the question, as the student wrote them, that the material does not cover. */
  missing?: string[];
}

// Cue words of what is asked, English; a question in another language is ranked by its terms.
const WANTS_NUMBER = /\b(when|how (many|much|long|far|old)|what year|how hot|how cold)\b/i;
const WANTS_DEFINITION = /\b(what (is|are)|define|meaning of)\b/i;
const DEFINES = /\b(is|are) (a|an|the)\b|\brefers to\b|\bdefined as\b|\bmeans\b/i;

/** Terms a question needs found in one passage to count as answered by it. */
const neededFor = (terms: string[]) => (terms.length === 1 ? 1 : Math.ceil(terms.length / 2));

/**
 * Answers from the material only: BM25 over its sentences (a bullet line is one), reranked by
 * cue words (a definition for “what is”, a number for “when / how many”), and abstains when
 * too few of the question's words are found. A question of several parts (“Why does SN1 ...
 * while SN2 ...?”) gets each part's best passage, and the parts the material does not hold
 * are named as missing rather than guessed.
 */
export function answerFromMaterial(question: string, sentences: SourceSentence[]): GroundedAnswer {
  if (sentences.length === 0) return { covered: false, sentences: [] };
  // The question is read in the material's language: that is where its words must be found.
  const index = createSentenceIndex(sentences);
  const terms = queryTerms(question, index.language).filter(
    (t) => !isQuestionWord(index.language, t),
  );
  if (terms.length === 0) return { covered: false, sentences: [] };
  const wantsNumber = WANTS_NUMBER.test(question);
  const wantsDefinition = WANTS_DEFINITION.test(question) || asksMeaning(question);
  const cue = (text: string) =>
    (wantsNumber && findNumbers(text).length > 0 ? 1.6 : 1) *
    (wantsDefinition && DEFINES.test(text) ? 1.4 : 1);
  const parts = questionParts(question, index.language);
  if (parts.length <= 1) {
    const ranked = index
      .searchStems(terms, 12)
      .map((h) => ({
        ...h,
        score: h.score * (h.matched.length / terms.length) * cue(h.sentence.text),
      }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const best = ranked[0];
    const needed = neededFor(terms);
    if (!best || best.matched.length < needed) return { covered: false, sentences: [] };
    const chosen = [best];
    const second = ranked[1];
    if (second && second.score >= best.score * 0.6 && second.matched.length >= needed)
      chosen.push(second);
    return { covered: true, sentences: chosen.map((h) => h.sentence) };
  }
  // Each part is answered by the passage that holds most of its own terms; the question's
  // other terms break ties, so "SN1 gives a racemic mixture" answers the SN1 part of a
  // question about racemic mixtures rather than any line naming SN1.
  const chosen: number[] = [];
  const missing: string[] = [];
  for (const part of parts) {
    const context = terms.filter((t) => !part.terms.includes(t));
    const needed = neededFor(part.terms);
    const best = index
      .searchStems(part.terms, 12)
      .filter((h) => h.matched.length >= needed)
      .map((h) => {
        const words = new Set(queryTerms(h.sentence.text, index.language));
        const shared = context.filter((t) => words.has(t)).length;
        const score =
          h.score *
          (h.matched.length / part.terms.length) *
          (1 + 0.25 * shared) *
          cue(h.sentence.text);
        return { index: h.index, score };
      })
      .sort((a, b) => b.score - a.score || a.index - b.index)[0];
    if (!best) missing.push(part.text);
    else if (!chosen.includes(best.index)) chosen.push(best.index);
  }
  if (chosen.length === 0) return { covered: false, sentences: [] };
  return {
    covered: true,
    sentences: chosen.map((i) => sentences[i] as SourceSentence),
    ...(missing.length > 0 ? { missing } : {}),
  };
}
