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

// Subject pronouns a French question joins to its verb ("tombe-t-il", "réunissent-ils",
// "est-ce"): the word before one is the question's verb, not what it asks about.
const INVERTED = new Set(['il', 'ils', 'elle', 'elles', 'on', 'ce', 'je', 'tu', 'nous', 'vous']);

// English asks with "do": in "How do tides work?" or "What does Ohm's law state?" the last
// word is the verb, the words between "do" and it the subject asked about. When an object
// follows ("How does a transformer change voltage?") the object is taken for the verb, which
// only leaves that one word out of the weighing of what the material covers.
const ASKS_WITH_DO = new Set(['what', 'how', 'why', 'when', 'where', 'who', 'which']);
const DO = new Set(['do', 'does', 'did']);

/**
 * A question with its inverted pronouns cut off, and its verbs: those the pronouns marked and
 * the verb of an English question asked with "do". Read word by word (split at spaces, then at
 * the last hyphens), so a long hostile word costs one pass.
 */
function readQuestion(question: string): { text: string; verbs: string[] } {
  const verbs: string[] = [];
  const words = question.split(/(\s+)/).map((word) => {
    const core = trimEndMatching(word, /[?!.,;:]/);
    const at = core.lastIndexOf('-');
    if (at <= 0 || !INVERTED.has(plain(core.slice(at + 1)))) return word;
    let verb = core.slice(0, at);
    if (verb.toLowerCase().endsWith('-t')) verb = verb.slice(0, -2);
    verbs.push(verb);
    return `${verb}${word.slice(core.length)}`;
  });
  const text = words.join('');
  const plainWords = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => plain(m[0]));
  const last = plainWords[plainWords.length - 1];
  if (
    plainWords.length >= 4 &&
    ASKS_WITH_DO.has(plainWords[0] as string) &&
    DO.has(plainWords[1] as string) &&
    last
  )
    verbs.push(last);
  return { text, verbs };
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
  const pieces = splitAtConnectors(readQuestion(question).text, [language, asked]);
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

// Cue words of a definition asked and given, English; other languages are read by subject.
const WANTS_DEFINITION = /\b(what (is|are)|define|meaning of)\b/i;
const DEFINES = /\b(is|are) (a|an|the)\b|\brefers to\b|\bdefined as\b|\bmeans\b/i;

// Words that ask for a number (a date, a count, an amount), in each language, compared plain.
const NUMBER_CUES: Record<Language, string[]> = {
  en: [
    'when',
    'how many',
    'how much',
    'how long',
    'how far',
    'how old',
    'what year',
    'how hot',
    'how cold',
  ],
  el: ['πότε', 'πόσο', 'πόσα', 'πόσοι', 'πόσες', 'ποια χρονιά'],
  es: ['cuándo', 'cuánto', 'cuánta', 'cuántos', 'cuántas', 'qué año', 'qué fecha'],
  fr: ['quand', 'combien', 'quelle année', 'quelle date'],
  de: ['wann', 'wie viele', 'wie viel', 'wie lange', 'wie alt', 'welchem jahr', 'welches jahr'],
};
// Words that say what a passage's subject is ("X is a ...", "X était ...", "X bezeichnet ...").
const COPULAS = new Set(
  `is are was were means refers est sont était étaient désigne signifie es son era eran significa
  designa ist sind war waren bedeutet bezeichnet είναι ήταν σημαίνει`
    .split(/\s+/)
    .map(plain),
);
// Indefinite articles: "the Bastille, a fortress ..." names what the Bastille is.
const ARTICLES = new Set(
  'a an un une uno una ein eine einen ένας μια μία ένα'.split(' ').map(plain),
);
/** The subject of a passage is looked for in its first words only. */
const SUBJECT_WORDS = 8;
/** A label ("Hypotenuse: ...") is at most this long. */
const MAX_LABEL = 40;

/** True when the question's plain words hold one of these word sequences. */
function asksFor(words: string[], cues: string[]): boolean {
  const sequences = cues.map((c) => plain(c).split(' '));
  return words.some((_, i) => sequences.some((c) => c.every((w, k) => words[i + k] === w)));
}

/**
 * The terms a passage is about: its label ("Bastille : forteresse ..."), the words before its
 * first copula ("The hypotenuse is ..."), and a word set off by an indefinite article ("la
 * Bastille, une forteresse"). A passage about what is asked is its definition.
 */
function subjectTerms(text: string, language: Language): Set<string> {
  const colon = text.indexOf(':');
  if (colon > 0 && colon <= MAX_LABEL && !text.slice(0, colon).includes('.'))
    return new Set(queryTerms(text.slice(0, colon), language));
  const words = [...text.matchAll(/[\p{L}\p{N}'’]+/gu)];
  const out = new Set<string>();
  const copula = words.slice(0, SUBJECT_WORDS).findIndex((w) => COPULAS.has(plain(w[0])));
  if (copula > 0)
    for (const w of words.slice(0, copula)) for (const t of queryTerms(w[0], language)) out.add(t);
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i] as RegExpMatchArray;
    const next = words[i + 1] as RegExpMatchArray;
    const end = (word.index ?? 0) + word[0].length;
    if (text.slice(end, next.index).trim() === ',' && ARTICLES.has(plain(next[0])))
      for (const t of queryTerms(word[0], language)) out.add(t);
  }
  return out;
}

/**
 * How the material holds the question's terms: whether a passage holds each (its source's
 * name read as its heading: a lesson's title heads its passages) and how specific it is there,
 * as IDF over the passages; a term no passage holds is the most specific of all. One search
 * counts them all.
 */
function termCoverage(
  passages: SourceSentence[],
  index: ReturnType<typeof createSentenceIndex>,
  terms: string[],
) {
  const holding = new Map<string, Set<number>>(terms.map((t) => [t, new Set<number>()]));
  for (const hit of index.searchStems(terms, passages.length))
    for (const t of hit.matched) holding.get(t)?.add(hit.index);
  const sourceTerms = new Map<string, string[]>();
  passages.forEach((p, i) => {
    let named = sourceTerms.get(p.source);
    if (!named) {
      named = queryTerms(p.source, index.language);
      sourceTerms.set(p.source, named);
    }
    for (const t of named) holding.get(t)?.add(i);
  });
  const count = (term: string) => holding.get(term)?.size ?? 0;
  return {
    /**
     * True when the material holds what the terms ask: the specificity of the terms it holds
     * at least matches that of the terms it lacks. One common word shared with the material
     * does not outweigh a missing specific one ("How do tides work?" of notes on work). The
     * question's verbs ("tombe-t-il") are left out: the material may say it in other words.
     */
    covers(terms: string[], verbs: ReadonlySet<string>): boolean {
      const asked = terms.some((t) => !verbs.has(t)) ? terms.filter((t) => !verbs.has(t)) : terms;
      let held = 0;
      let lacking = 0;
      for (const term of asked) {
        const n = count(term);
        const specificity = Math.log((passages.length + 1) / (n + 0.5));
        if (n > 0) held += specificity;
        else lacking += specificity;
      }
      return held > 0 && held >= lacking;
    },
  };
}

/**
 * True when a passage holds one of these words, compared by stem (a verb may be a stop word of
 * the index: "When did Unix appear?").
 */
function namesAny(passages: SourceSentence[], words: string[], language: Language): boolean {
  const wanted = new Set(words.map((w) => stem(language, plain(w))));
  return passages.some((p) =>
    [...p.text.matchAll(/[\p{L}\p{N}]+/gu)].some((m) => wanted.has(stem(language, plain(m[0])))),
  );
}

/**
 * The answer to a question asking for a date or a count of an event the material never names
 * (its verb is not in it): the one passage about its subject that holds a number, said in other
 * words ("Quand Robespierre tombe-t-il ?" of "La chute de Robespierre, le 27 juillet 1794").
 * With none, or with several numbers about the subject, the material does not say which is
 * asked ("When did Japan surrender?" of notes dating Japan's steps to war), so it is not
 * covered.
 */
function onlyNumbered(hits: Array<{ sentence: SourceSentence }>): GroundedAnswer {
  const numbered = hits.filter((h) => findNumbers(h.sentence.text).length > 0);
  const only = numbered[0];
  if (!only || numbered.length > 1) return { covered: false, sentences: [] };
  return { covered: true, sentences: [only.sentence] };
}

/** Terms a question needs found in one passage to count as answered by it. */
const neededFor = (terms: string[]) => (terms.length === 1 ? 1 : Math.ceil(terms.length / 2));

/** The passages of the material, each text once (a lesson repeats its files' sentences). */
function distinct(sentences: SourceSentence[]): SourceSentence[] {
  const seen = new Set<string>();
  return sentences.filter((s) => !seen.has(s.text) && seen.add(s.text));
}

/**
 * Answers from the material only: BM25 over its sentences (a bullet line is one), reranked by
 * cue words (a number for “when / how many”), by whether a passage is about what is asked (its
 * definition) and by the student's own wording, and abstains when the material does not hold
 * the question's specific terms. A question of several parts (“Why does SN1 ... while SN2
 * ...?”) gets each part's best passage, and the parts the material does not hold are named as
 * missing rather than guessed.
 */
export function answerFromMaterial(question: string, material: SourceSentence[]): GroundedAnswer {
  const sentences = distinct(material);
  if (sentences.length === 0) return { covered: false, sentences: [] };
  // The question is read in the material's language: that is where its words must be found.
  const index = createSentenceIndex(sentences);
  const { language } = index;
  const read = readQuestion(question);
  const verbs = new Set(read.verbs.flatMap((v) => queryTerms(v, language)));
  const terms = queryTerms(read.text, language).filter((t) => !isQuestionWord(language, t));
  if (terms.length === 0) return { covered: false, sentences: [] };
  const coverage = termCoverage(sentences, index, terms);
  const asked = detectLanguage(question, language);
  const questionWords = [...read.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => plain(m[0]));
  const wantsNumber = asksFor(questionWords, [
    ...NUMBER_CUES[language],
    ...(asked === language ? [] : NUMBER_CUES[asked]),
  ]);
  const wantsDefinition = WANTS_DEFINITION.test(question) || asksMeaning(question);
  const wording = new Set(questionWords);
  /** How much more a passage answers than its terms say: cue words, its subject, wording. */
  const cue = (text: string, about: string[]) => {
    const subject = subjectTerms(text, language);
    const defines = about.filter((t) => subject.has(t)).length / Math.max(1, about.length);
    const words = new Set([...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => plain(m[0])));
    const shared = [...wording].filter((w) => words.has(w)).length / Math.max(1, wording.size);
    return (
      (wantsNumber && findNumbers(text).length > 0 ? 1.6 : 1) *
      (wantsDefinition && DEFINES.test(text) ? 1.4 : 1) *
      (1 + 0.5 * defines) *
      (1 + 0.3 * shared)
    );
  };
  const parts = questionParts(question, language);
  if (parts.length <= 1) {
    if (!coverage.covers(terms, verbs)) return { covered: false, sentences: [] };
    const ranked = index
      .searchStems(terms, 12)
      .map((h) => ({
        ...h,
        score: h.score * (h.matched.length / terms.length) * cue(h.sentence.text, terms),
      }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const needed = neededFor(terms.filter((t) => !verbs.has(t)));
    if (wantsNumber && read.verbs.length > 0 && !namesAny(sentences, read.verbs, language))
      return onlyNumbered(ranked.filter((h) => h.matched.length >= needed));
    const best = ranked[0];
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
    const best = coverage.covers(part.terms, verbs)
      ? index
          .searchStems(part.terms, 12)
          .filter((h) => h.matched.length >= needed)
          .map((h) => {
            const words = new Set(queryTerms(h.sentence.text, language));
            const shared = context.filter((t) => words.has(t)).length;
            const score =
              h.score *
              (h.matched.length / part.terms.length) *
              (1 + 0.25 * shared) *
              cue(h.sentence.text, part.terms);
            return { index: h.index, score };
          })
          .sort((a, b) => b.score - a.score || a.index - b.index)[0]
      : undefined;
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
