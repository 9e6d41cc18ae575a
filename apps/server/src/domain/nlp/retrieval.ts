import MiniSearch from 'minisearch';
import { detectLanguage, type Language, stem } from '../text/language.js';
import { contentStems, contentWords } from '../text/text.js';
import type { SourceSentence } from './nlp.js';

/** Content-word stems of a text, the terms both the index and the queries use. */
export function queryTerms(text: string, language: Language): string[] {
  return [...new Set(contentStems(text, language))];
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
    processTerm: (term) => stem(language, term),
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
