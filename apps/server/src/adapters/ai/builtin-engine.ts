import {
  findCauses,
  findLabelDefinitions,
  makeFlashcards,
  makeQuiz,
  usableTerm,
} from '../../domain/nlp/generate.js';
import { keyphrases, phraseKey } from '../../domain/nlp/keyphrases.js';
import { isEngineText, materialSentences, type SourceSentence } from '../../domain/nlp/nlp.js';
import { answerFromMaterial, isHelpRequest } from '../../domain/nlp/qa.js';
import { notice } from '../../domain/notices.js';
import { detectLanguage, type Language } from '../../domain/text/language.js';
import {
  escapeHtml,
  findHeadings,
  findMath,
  htmlToText,
  splitSentences,
} from '../../domain/text/text.js';
import { deriveTopics } from '../../domain/text/topics.js';
import { contentStems } from '../../domain/text/words.js';
import type {
  AiEngine,
  ChatRequest,
  DeepDiveRequest,
  GroundedReply,
  LessonMaterialRequest,
  LessonQuestionRequest,
  LessonRequest,
  OnDelta,
  SourceText,
  TopicsRequest,
} from './ai-engine.js';
import { inOneGo } from './ai-engine.js';
import { builtinChatReply } from './builtin-chat.js';
import { LESSON_TEMPLATE, textsFor } from './builtin-texts/index.js';

export const BUILTIN = 'builtin';

const TOO_LITTLE = notice('ai_too_little_material');

/**
 * The honest note on a set of cards or questions: none made, or fewer than asked for because
 * the material is thin (never filler to make up the number).
 */
function materialNotices(made: number, asked: number) {
  if (made === 0) return [TOO_LITTLE];
  if (made < asked && made < Math.max(4, Math.ceil(asked / 2)))
    return [notice('ai_thin_material', { made, asked })];
  return [];
}

/** The student's sentences only: text the engine wrote and that came back is left out. */
function studentMaterial<T extends { text: string }>(material: T[]): T[] {
  return material.filter((m) => !isEngineText(m.text, LESSON_TEMPLATE));
}

/**
 * The sentences of a lesson's content (HTML or Markdown) that the student can learn from: the
 * engine's checklists, prompts and placeholders (in every language it writes) and headings are
 * left out, so nothing the engine wrote is mined as material.
 */
function contentSentences(content: string, source: string): SourceSentence[] {
  // Headings become Markdown ones, so the engine's sections ("Study checklist") are skipped.
  const marked = content.replace(
    /<h([1-6])(?![\w-])/gi,
    (m, n: string) => `\n${'#'.repeat(Number(n))} ${m}`,
  );
  return materialSentences(htmlToText(marked), source, LESSON_TEMPLATE);
}

const CHECK_TERMS = 3;

/**
 * Terms for "Check yourself": key phrases of the student's sentences, not words of the topic's
 * name, stop words, numbers or words of the engine's own instructions.
 */
function checkTerms(sentences: SourceSentence[], topicName: string, language: Language): string[] {
  const topic = new Set(phraseKey(topicName, language).split(' '));
  const shares = (key: string) => key.split(' ').some((w) => topic.has(w));
  const terms = keyphrases(sentences, 20, [], language).filter(
    (p) =>
      usableTerm(p.text, language) &&
      // Not the topic's name, nor the name restated ("Substitution reactions SN1 and SN2").
      ![...topic].every((w) => ` ${p.key} `.includes(` ${w} `)) &&
      !p.key.split(' ').every((w) => topic.has(w)) &&
      !isEngineText(p.text, LESSON_TEMPLATE),
  );
  // Terms beyond the topic's name first: "carbocation" says more than "substitution SN1".
  return [...terms.filter((p) => !shares(p.key)), ...terms.filter((p) => shares(p.key))]
    .slice(0, CHECK_TERMS)
    .map((p) => p.text);
}

function quote(text: string, source: string): string {
  return `> ${text.split('\n').join('\n> ')}\n>\n> — *${source}*`;
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
  // A lead-in ("There are four conditions for deadlock:") is quoted with its list: the list
  // a file gives it, when the lesson quotes the same lead-in among its key points.
  const lists = new Map(req.material.flatMap((m) => (m.items ? [[m.text, m.items] as const] : [])));
  const passages = found.sentences.map((s) => {
    const items = s.items ?? lists.get(s.text);
    return {
      source: s.source,
      text: items ? [s.text, ...items.map((i) => `- ${i}`)].join('\n') : s.text,
    };
  });
  return {
    answer: [
      t.fromMaterial,
      '',
      ...passages
        .map((p) => quote(p.text, p.source))
        .join('\n\n')
        .split('\n'),
      // A part of the question the material does not hold is named, with the same honest
      // refusal as a whole question gets, rather than answered from elsewhere.
      ...(found.missing ?? []).flatMap((part) => ['', `“${part}”: ${t.notFound(req.lessonTitle)}`]),
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
    // Terse notes define by a label and a colon ("SN1: two steps, ..."), in any language.
    const colon = s.indexOf(':');
    const labelled = colon > 0 && colon <= 40 && !s.slice(0, colon).includes('.');
    const definition = labelled || /\b(is|are|means|refers to|defined as)\b/i.test(s) ? 0.5 : 0;
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
      const material = studentMaterial(req.material);
      const value = makeFlashcards(
        material,
        req.max,
        textsFor(req.language).cards,
        req.lessonTitle,
      );
      return { value, warnings: materialNotices(value.length, req.max), engine: BUILTIN };
    },

    async quiz(req: LessonMaterialRequest) {
      const value = makeQuiz(studentMaterial(req.material), {
        max: req.max,
        seed: req.seed,
        wording: textsFor(req.language).cards,
        topic: req.lessonTitle,
      }).map(({ kind: _kind, ...q }) => q);
      return { value, warnings: materialNotices(value.length, req.max), engine: BUILTIN };
    },

    async answerLesson(req: LessonQuestionRequest) {
      return { value: builtinLessonAnswer(req), warnings: [], engine: BUILTIN };
    },

    async chat(req: ChatRequest) {
      return { value: builtinChatReply(req), warnings: [], engine: BUILTIN };
    },

    // The builtin engine answers in one go: one delta with the whole text.
    chatStream(req: ChatRequest, onDelta: OnDelta, signal?: AbortSignal) {
      const answer = { value: builtinChatReply(req), warnings: [], engine: BUILTIN };
      return inOneGo(Promise.resolve(answer), (text) => text, onDelta, signal);
    },

    answerLessonStream(req: LessonQuestionRequest, onDelta: OnDelta, signal?: AbortSignal) {
      const answer = { value: builtinLessonAnswer(req), warnings: [], engine: BUILTIN };
      return inOneGo(Promise.resolve(answer), (r) => r.answer, onDelta, signal);
    },

    async deepDive(req: DeepDiveRequest) {
      const material = sourcesText(req.sources);
      const language = detectLanguage(material || `${req.topicName} ${req.prompt}`);
      // The engine's own words in the student's language, else in that of what they wrote.
      const t = textsFor(req.language ?? language).deepDive;
      const focus = `${req.topicName} ${req.prompt}`;
      // Key points are sentences of the material: its headings and any text the engine wrote
      // (a checklist pasted back in) are left out.
      const sentences = req.sources.flatMap((s) =>
        materialSentences(s.text, s.name, LESSON_TEMPLATE),
      );
      const points = keySentences(
        sentences.length > 0 ? sentences.map((s) => s.text).join('\n') : material,
        focus,
        MAX_POINTS,
        language,
      );
      const headings = req.sources.flatMap((s) => findHeadings(s.text)).slice(0, 8);
      const terms = checkTerms(sentences, req.topicName, language);
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
      const sentences = req.content ? contentSentences(req.content, req.topicName) : [];
      const text = sentences.map((x) => x.text).join('\n');
      // Thin notes give few signs of their language; the topic's name and the student's add some.
      const language = detectLanguage([text, req.topicName], req.language ?? 'en');
      const t = textsFor(req.language ?? language).lesson;
      const points = keySentences(text, req.topicName, MAX_POINTS, language);
      const math = [...new Set(findMath(req.content ? htmlToText(req.content) : ''))].slice(0, 6);
      const terms = checkTerms(sentences, req.topicName, language);
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
      // Prompts about the material's concepts: its terms, a cause it gives, two terms it contrasts.
      const labels = findLabelDefinitions(sentences, language).map((d) => d.term);
      const cause = findCauses(sentences, language)[0];
      const prompts = [
        t.explainTopic(req.topicName),
        ...terms.map((term) => t.termMeaning(term)),
        ...(cause ? [t.cause(cause.effect)] : []),
        ...(labels.length >= 2 ? [t.compare(labels[0] as string, labels[1] as string)] : []),
        t.hardest(req.topicName),
      ];
      md.push(`## ${t.checkYourself}`, '');
      for (const [i, prompt] of prompts.entries()) md.push(`${i + 1}. ${prompt}`);
      return { value: md.join('\n'), warnings: [] };
    },
  };
}
