import MiniSearch from 'minisearch';
import { contentWords } from '../text/text.js';
import type { SourceSentence } from './nlp.js';

function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'edly', 'ies', 'ed', 'es', 's']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Content-word stems of a text, the terms both the index and the queries use. */
export function queryTerms(text: string): string[] {
  return [...new Set(contentWords(text).map(stem))];
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
 * citation is always a verbatim sentence.
 */
export function createSentenceIndex(sentences: SourceSentence[]) {
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => contentWords(text),
    processTerm: (term) => stem(term),
    searchOptions: { prefix: (t) => t.length >= 5, fuzzy: (t) => (t.length >= 7 ? 0.15 : false) },
  });
  index.addAll(sentences.map((s, id) => ({ id, text: s.text })));
  return {
    search(query: string, limit = 10): Hit[] {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      return index
        .search(terms.join(' '), { combineWith: 'OR' })
        .slice(0, limit)
        .map((r) => {
          const id = Number(r.id);
          return {
            sentence: sentences[id] as SourceSentence,
            index: id,
            score: r.score,
            matched: [...new Set(r.queryTerms.map(stem))].filter((t) => terms.includes(t)),
          };
        });
    },
  };
}
