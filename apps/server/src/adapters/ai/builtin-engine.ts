import { makeFlashcards, makeQuiz } from '../../domain/nlp/generate.js';
import { keyphrases, phraseKey } from '../../domain/nlp/keyphrases.js';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { answerFromMaterial, isHelpRequest } from '../../domain/nlp/qa.js';
import { notice } from '../../domain/notices.js';
import { detectLanguage, type Language, stem } from '../../domain/text/language.js';
import {
  contentStems,
  contentTokens,
  escapeHtml,
  findHeadings,
  findMath,
  htmlToText,
  splitSentences,
} from '../../domain/text/text.js';
import { deriveTopics } from '../../domain/text/topics.js';
import type {
  AiEngine,
  ChatRequest,
  DeepDiveRequest,
  GroundedReply,
  LessonMaterialRequest,
  LessonQuestionRequest,
  LessonRequest,
  SourceText,
  TopicsRequest,
} from './ai-engine.js';
import { builtinChatReply } from './builtin-chat.js';
import { textsFor } from './builtin-texts/index.js';

export const BUILTIN = 'builtin';

const TOO_LITTLE = notice('ai_too_little_material');

function quote(text: string, source: string): string {
  return `> ${text}\n>\n> — *${source}*`;
}

/**
 * The builtin lesson helper: verbatim sentences of the material, or an honest “not covered”,
 * its own words in the student's language.
 */
export function builtinLessonAnswer(req: LessonQuestionRequest): GroundedReply {
  const t = textsFor(req.language).lessonHelper;
  if (req.overview || isHelpRequest(req.question)) {
    const lessonOnly = req.material.filter((m) => m.source === req.lessonTitle);
    const pool = lessonOnly.length > 0 ? lessonOnly : req.material;
    const points = keySentences(pool.map((m) => m.text).join('\n\n'), req.lessonTitle, 4);
    if (points.length === 0)
      return { answer: t.noMaterial(req.lessonTitle), covered: false, passages: [] };
    const passages = points.map((text) => ({
      text,
      source: pool.find((m) => m.text === text)?.source ?? req.lessonTitle,
    }));
    const [first, second] = keyphrases(pool, 4).map((k) => k.text);
    return {
      answer: [
        t.keyPointsIntro(req.lessonTitle),
        '',
        ...passages.map((p) => `- ${p.text}`),
        '',
        first ? t.askAbout(first, second) : t.testYourself,
      ].join('\n'),
      covered: true,
      passages,
    };
  }
  const found = answerFromMaterial(req.question, req.material);
  if (!found.covered) {
    const terms = keyphrases(req.material, 5).map((k) => k.text);
    return {
      answer: [
        t.notFound(req.lessonTitle),
        terms.length > 0 ? t.covers(terms.join(', ')) : '',
        t.tryChat,
      ]
        .filter(Boolean)
        .join('\n\n'),
      covered: false,
      passages: [],
    };
  }
  const passages = found.sentences.map((s) => ({ source: s.source, text: s.text }));
  return {
    answer: [
      t.fromMaterial,
      '',
      ...passages
        .map((p) => quote(p.text, p.source))
        .join('\n\n')
        .split('\n'),
    ].join('\n'),
    covered: true,
    passages,
  };
}

const MAX_POINTS = 8;

/**
 * Ranks the sentences of the student's own material by how many of the topic's (and the
 * prompt's) content words they contain, compared by stem in the material's language; ties keep
 * the original order. Extractive only: every point it returns is a sentence the student wrote
 * or uploaded, so nothing is invented.
 */
export function keySentences(
  text: string,
  focus: string,
  max = MAX_POINTS,
  language: Language = detectLanguage(text),
): string[] {
  const focusWords = new Set(contentStems(focus, language));
  const sentences = splitSentences(text).filter((s) => s.length >= 20 && s.length <= 600);
  const scored = sentences.map((s, i) => {
    const words = contentStems(s, language);
    const hits = words.filter((w) => focusWords.has(w)).length;
    // Definitions ("X is ...", "X means ...") are what a student needs first.
    const definition = /\b(is|are|means|refers to|defined as)\b/i.test(s) ? 0.5 : 0;
    return { s, i, score: hits + definition + (findMath(s).length > 0 ? 0.5 : 0) };
  });
  const chosen = scored
    .filter((x) => x.score > 0 || focusWords.size === 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i);
  const fallback = chosen.length > 0 ? chosen : scored.slice(0, Math.min(max, 4));
  return [...new Set(fallback.map((x) => x.s))];
}

/**
 * The most frequent content words of a text that are not already in the topic's name, counted
 * by stem in the text's language and shown as the text spells them most often.
 */
function keyTerms(text: string, topicName: string, language: Language, max = 5): string[] {
  const skip = new Set(contentStems(topicName, language));
  const counts = new Map<string, { n: number; spellings: Map<string, number> }>();
  for (const word of contentTokens(text, language)) {
    const key = stem(language, word);
    if (skip.has(key)) continue;
    const c = counts.get(key) ?? { n: 0, spellings: new Map<string, number>() };
    c.n += 1;
    c.spellings.set(word, (c.spellings.get(word) ?? 0) + 1);
    counts.set(key, c);
  }
  const spelling = (c: { spellings: Map<string, number> }) =>
    [...c.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
  return [...counts.values()]
    .filter((c) => c.n > 1)
    .map((c) => ({ n: c.n, word: spelling(c) }))
    .sort((a, b) => b.n - a.n || a.word.localeCompare(b.word))
    .slice(0, max)
    .map((c) => c.word);
}

function sourcesText(sources: SourceText[]): string {
  return sources.map((s) => s.text).join('\n\n');
}

export function createBuiltinEngine(): AiEngine {
  return {
    async topics(req: TopicsRequest) {
      const derived = deriveTopics(req.keyTopics, req.sources, req.max);
      const sentences = req.sources.flatMap((s) => materialSentences(s.text, s.name));
      // Key terms stay in the material's language, whatever language the student speaks.
      const language = detectLanguage(sentences.map((s) => s.text));
      const phrases = keyphrases(sentences, 40, [], language);
      const value = derived.map((t) => {
        const words = new Set(phraseKey(t.name, language).split(' '));
        const related = phrases
          .filter(
            (p) =>
              !words.has(p.key) &&
              sentences.some(
                (s) =>
                  s.text.includes(p.text) && s.text.toLowerCase().includes(t.name.toLowerCase()),
              ),
          )
          .slice(0, 5)
          .map((p) => p.text);
        return { name: t.name, keyTerms: related };
      });
      return { value, warnings: [], engine: BUILTIN };
    },

    async flashcards(req: LessonMaterialRequest) {
      const value = makeFlashcards(req.material, req.max, textsFor(req.language).cards);
      return { value, warnings: value.length === 0 ? [TOO_LITTLE] : [], engine: BUILTIN };
    },

    async quiz(req: LessonMaterialRequest) {
      const value = makeQuiz(req.material, {
        max: req.max,
        seed: req.seed,
        wording: textsFor(req.language).cards,
      }).map(({ kind: _kind, ...q }) => q);
      return { value, warnings: value.length === 0 ? [TOO_LITTLE] : [], engine: BUILTIN };
    },

    async answerLesson(req: LessonQuestionRequest) {
      return { value: builtinLessonAnswer(req), warnings: [], engine: BUILTIN };
    },

    async chat(req: ChatRequest) {
      return { value: builtinChatReply(req), warnings: [], engine: BUILTIN };
    },

    async deepDive(req: DeepDiveRequest) {
      const material = sourcesText(req.sources);
      const language = detectLanguage(material || `${req.topicName} ${req.prompt}`);
      // The engine's own words in the student's language, else in that of what they wrote.
      const t = textsFor(req.language ?? language).deepDive;
      const focus = `${req.topicName} ${req.prompt}`;
      const points = keySentences(material, focus, MAX_POINTS, language);
      const headings = req.sources.flatMap((s) => findHeadings(s.text)).slice(0, 8);
      const terms = keyTerms(material, req.topicName, language);
      const html: string[] = [`<h2>${escapeHtml(req.topicName)}</h2>`];
      if (req.sources.length > 0) {
        const names = req.sources.map((s) => s.name).join(', ');
        html.push(`<p>${escapeHtml(t.drawnFrom(names))}</p>`);
      } else {
        html.push(`<p>${escapeHtml(t.nameOnly)}</p>`);
      }
      if (points.length > 0) {
        html.push(`<h3>${escapeHtml(t.keyPoints)}</h3><ul>`);
        for (const p of points) html.push(`<li>${escapeHtml(p)}</li>`);
        html.push('</ul>');
      }
      html.push(`<h3>${escapeHtml(t.checklist)}</h3><ul>`);
      const items = [
        ...headings.map((h) => t.workThrough(h)),
        ...terms.map((term) => t.explainTerm(term)),
        t.writeDown(req.topicName),
        t.solveExample,
        t.reviewAgain,
      ];
      for (const item of items) html.push(`<li>${escapeHtml(item)}</li>`);
      html.push('</ul>');
      return { value: html.join(''), warnings: [] };
    },

    async lesson(req: LessonRequest) {
      const text = req.content ? htmlToText(req.content) : '';
      const language = detectLanguage(text || req.topicName);
      const t = textsFor(req.language ?? language).lesson;
      const points = keySentences(text, req.topicName, MAX_POINTS, language);
      const math = [...new Set(findMath(text))].slice(0, 6);
      const terms = keyTerms(text, req.topicName, language, 4);
      const md: string[] = [`# ${req.topicName}`, '', `*${req.subjectName}*`, ''];
      if (points.length === 0) {
        md.push(t.nameOnly, t.addNotes, '');
      } else {
        md.push(`## ${t.keyPoints}`, '');
        for (const p of points) md.push(`- ${p}`);
        md.push('');
      }
      if (math.length > 0) {
        md.push(`## ${t.formulas}`, '');
        for (const m of math) md.push(m.startsWith('$$') || m.startsWith('\\[') ? m : `- ${m}`, '');
      }
      md.push(`## ${t.checkYourself}`, '');
      md.push(`1. ${t.explainTopic(req.topicName)}`);
      for (const [i, term] of terms.entries()) md.push(`${i + 2}. ${t.termMeaning(term)}`);
      md.push(`${terms.length + 2}. ${t.hardest(req.topicName)}`);
      return { value: md.join('\n'), warnings: [] };
    },
  };
}
