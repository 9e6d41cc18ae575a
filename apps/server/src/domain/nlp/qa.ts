import { type Language, stem } from '../text/language.js';
import { trimEndMatching } from '../text/text.js';
import { findNumbers } from './generate.js';
import type { SourceSentence } from './nlp.js';
import { createSentenceIndex, queryTerms } from './retrieval.js';

// Words that ask rather than name what is asked about, in each language; the stop words of
// the language are dropped already.
const QUESTION_WORDS: Record<Language, string> = {
  en: `what whats define definition meaning mean means explain describe tell about why how when where
  who which lesson help please give show does did can could would know difference between`,
  el: `τι ποιος ποια ποιο ορισμός ορισμό ορίστε σημαίνει σημασία εξήγησε εξηγήστε εξήγηση περιέγραψε
  περιγράψτε πες πείτε μάθημα βοήθεια παρακαλώ δείξε διαφορά μεταξύ γιατί πώς πότε πού ξέρεις`,
  es: `qué que define definir definición significa significado explica explicar explícame describe
  describir dime lección ayuda ayúdame favor muestra diferencia entre por cómo cuándo dónde quién cuál`,
  fr: `quoi que définis définir définition signifie sens signification explique expliquer
  expliquez décris décrire dis leçon aide aidez plaît montre différence entre pourquoi comment
  quand où qui quel quelle`,
  de: `was definiere definieren definition bedeutet bedeutung erkläre erklären erklärung beschreibe
  beschreiben sag lektion hilfe hilf bitte zeig unterschied zwischen warum wie wann wo wer welche`,
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

export interface GroundedAnswer {
  covered: boolean;
  sentences: SourceSentence[];
}

/**
 * Answers from the material only: BM25 over its sentences, reranked by cue words (a
 * definition for “what is”, a number for “when / how many”), and abstains when too few of
 * the question's words are found.
 */
export function answerFromMaterial(question: string, sentences: SourceSentence[]): GroundedAnswer {
  if (sentences.length === 0) return { covered: false, sentences: [] };
  // The question is read in the material's language: that is where its words must be found.
  const index = createSentenceIndex(sentences);
  const terms = queryTerms(question, index.language).filter(
    (t) => !isQuestionWord(index.language, t),
  );
  if (terms.length === 0) return { covered: false, sentences: [] };
  const hits = index.searchStems(terms, 12);
  const wantsNumber = /\b(when|how (many|much|long|far|old)|what year|how hot|how cold)\b/i.test(
    question,
  );
  const wantsDefinition =
    /\b(what (is|are)|define|meaning of)\b/i.test(question) || asksMeaning(question);
  const ranked = hits
    .map((h) => {
      let score = h.score * (h.matched.length / terms.length);
      if (wantsNumber && findNumbers(h.sentence.text).length > 0) score *= 1.6;
      if (
        wantsDefinition &&
        /\b(is|are) (a|an|the)\b|\brefers to\b|\bdefined as\b|\bmeans\b/i.test(h.sentence.text)
      )
        score *= 1.4;
      return { ...h, score };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  const needed = terms.length === 1 ? 1 : Math.ceil(terms.length / 2);
  if (!best || best.matched.length < needed) return { covered: false, sentences: [] };
  const chosen = [best];
  const second = ranked[1];
  if (second && second.score >= best.score * 0.6 && second.matched.length >= needed)
    chosen.push(second);
  return { covered: true, sentences: chosen.map((h) => h.sentence) };
}
