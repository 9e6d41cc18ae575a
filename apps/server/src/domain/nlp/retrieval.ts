import MiniSearch from 'minisearch';
import { detectLanguage, type Language, stem } from '../text/language.js';
import { contentWords } from '../text/words.js';
import type { SourceSentence } from './nlp.js';

/**
 * The term of a content word: its stem, an English possessive dropped first, so "Newton's"
 * and "newtons" are one term (a stemmer leaves "newton'").
 */
function termOf(language: Language, word: string): string {
  return stem(language, word.replace(/['’]s?$/, ''));
}

/** Content-word terms of a text, the terms both the index and the queries use. */
export function queryTerms(text: string, language: Language): string[] {
  return [...new Set(contentWords(text, language).map((w) => termOf(language, w)))];
}

export interface Hit {
  sentence: SourceSentence;
  index: number;
  score: number;
  /** Query terms the sentence contains. */
  matched: string[];
}

/**
 * BM25+ retrieval (MiniSearch) over single sentences of the student's material, so a
 * citation is always a verbatim sentence. Words are stemmed and stop words dropped in the
 * material's language (detected when not given), for the sentences and the queries alike.
 */
export function createSentenceIndex(
  sentences: SourceSentence[],
  language: Language = detectLanguage(sentences.map((s) => s.text)),
) {
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => contentWords(text, language),
    processTerm: (term) => termOf(language, term),
    searchOptions: { prefix: (t) => t.length >= 5, fuzzy: (t) => (t.length >= 7 ? 0.15 : false) },
  });
  index.addAll(sentences.map((s, id) => ({ id, text: s.text })));
  // Stems are looked up as they are: a stem stemmed again can come out shorter.
  const byStems = {
    combineWith: 'OR',
    tokenize: (q: string) => q.split(' '),
    processTerm: (t: string) => t,
  } as const;
  const searchStems = (terms: string[], limit: number): Hit[] => {
    if (terms.length === 0) return [];
    return index
      .search(terms.join(' '), byStems)
      .slice(0, limit)
      .map((r) => {
        const id = Number(r.id);
        return {
          sentence: sentences[id] as SourceSentence,
          index: id,
          score: r.score,
          matched: [...new Set(r.queryTerms)].filter((t) => terms.includes(t)),
        };
      });
  };
  return {
    language,
    /** Sentences that share words with a query, best first. */
    search: (query: string, limit = 10): Hit[] => searchStems(queryTerms(query, language), limit),
    /** Sentences holding any of these stems (as `queryTerms` gives them), best first. */
    searchStems,
  };
}
