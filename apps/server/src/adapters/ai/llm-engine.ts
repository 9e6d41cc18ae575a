import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { CardDraft, QuestionDraft } from '../../domain/nlp/generate.js';
import { escapeHtml } from '../../domain/text/text.js';
import { splitKeyTopics } from '../../domain/text/topics.js';
import type { AiEngine } from './ai-engine.js';
import { textsFor } from './builtin-texts/index.js';
import {
  answerSchema,
  callsPerRequest,
  chatRequest,
  chatSchema,
  checkChatReply,
  checked,
  checkLessonAnswer,
  classify,
  type Failure,
  failureOf,
  invalidOutput,
  type LlmEngineOptions,
  lessonRequest,
  metered,
  needsCrisisReply,
  type Outcome,
  passagesBlock,
  reported,
  system,
  toPassages,
  withFallback,
  worthReasking,
} from './llm-shared.js';
import { streamChat, streamLessonAnswer } from './llm-stream.js';
import type { ProviderModel } from './providers.js';
import { sanitizeModelText } from './sanitize.js';

// The engine's options, failures and helpers live in llm-shared.ts, shared with llm-stream.ts.
export {
  type FailureReason,
  fallbackWarning,
  type LlmEngineOptions,
  ModelCallError,
  retryAfterMs,
} from './llm-shared.js';

const MATERIAL_CHARS = 12_000;

// Schemas sent to providers follow the portable subset: flat objects, every field required,
// no unions or records, no numeric or length constraints (those are checked afterwards).
const flashcardsSchema = z.object({
  cards: z.array(
    z.object({
      front: z.string().describe('A question or a sentence with a blank written as ____'),
      back: z.string().describe('The short answer, copied from the material'),
      passageId: z.string().describe('Id of the passage the card comes from, e.g. p3'),
    }),
  ),
});
const quizSchema = z.object({
  questions: z.array(
    z.object({
      prompt: z.string(),
      options: z.array(z.string()).describe('Four options, exactly one correct'),
      correctIndex: z.number().int().describe('Index of the correct option, from 0'),
      quote: z
        .string()
        .describe('The sentence of the material that shows the answer, copied exactly'),
      passageId: z.string(),
    }),
  ),
});
const lessonSchema = z.object({
  markdown: z.string().describe('The lesson in Markdown; math as $...$ or $$...$$'),
});
const deepDiveSchema = z.object({
  overview: z.array(z.string()).describe('2 to 4 short paragraphs'),
  keyPoints: z.array(z.string()),
  checklist: z.array(z.string()).describe('Concrete study tasks'),
});
const topicsSchema = z.object({
  topics: z.array(z.object({ name: z.string(), keyTerms: z.array(z.string()) })),
});

/** One model request for `schema`; the SDK retries a failed HTTP call up to `maxRetries` times. */
async function ask<T>(
  model: ProviderModel,
  schema: z.ZodType<T>,
  sys: string,
  prompt: string,
  deadline: AbortSignal,
  maxRetries: number,
): Promise<Outcome<T>> {
  try {
    const result = await generateText({
      model,
      system: sys,
      prompt,
      output: Output.object({ schema }),
      // The SDK waits as retry-after asks (else backs off); the deadline ends its wait too.
      maxRetries,
      abortSignal: deadline,
      temperature: 0.2,
    });
    const parsed = schema.safeParse(result.output);
    return parsed.success ? { ok: true, value: parsed.data } : invalidOutput(parsed.error.message);
  } catch (error) {
    return failureOf(error, classify(error, deadline.aborted));
  }
}

/**
 * An engine backed by a model through the Vercel AI SDK. Every output is validated (the SDK
 * checks the zod schema, then the quality gates here); a 429, 5xx or lost connection is retried
 * once by the SDK, invalid output once by us, then the builtin engine answers with a warning.
 * It never throws for a provider failure (unless made with `raise`, for background jobs).
 */
export function createLlmEngine(opts: LlmEngineOptions): AiEngine {
  const { timeoutMs, fallback } = opts;

  async function call<T>(
    feature: string,
    schema: z.ZodType<T>,
    sys: string,
    prompt: string,
  ): Promise<Outcome<T>> {
    const deadline = AbortSignal.timeout(timeoutMs);
    const m = metered(opts);
    const maxCalls = callsPerRequest(opts);
    let r = await ask(m.model, schema, sys, prompt, deadline, maxCalls - 1);
    if (worthReasking(r, m, maxCalls)) r = await ask(m.model, schema, sys, prompt, deadline, 0);
    return r.ok ? r : reported(opts, feature, r);
  }

  const invalid = (feature: string, detail: string): Failure =>
    reported(opts, feature, invalidOutput(detail));

  return {
    async topics(req) {
      const r = await call(
        'topics',
        topicsSchema,
        system(
          'en',
          `List up to ${req.max} study topics for the subject, each with up to 5 key terms.`,
        ),
        `Subject: ${req.subjectName}\nThe student's key topics (keep all of them, in order):\n${req.keyTopics}\n\n${passagesBlock(
          toPassages(
            req.sources.flatMap((s) => [{ text: s.text.slice(0, 4000), source: s.name }]),
            MATERIAL_CHARS,
          ),
        )}`,
      );
      let outcome: Outcome<{ name: string; keyTerms: string[] }[]> = r.ok
        ? { ok: true, value: [] }
        : r;
      if (r.ok) {
        // The student's own topics always come first, in their order (a hard gate).
        const own = splitKeyTopics(req.keyTopics);
        const key = (s: string) => s.toLowerCase().trim();
        const byName = new Map(r.value.topics.map((t) => [key(t.name), t]));
        const list = own.map((n) => ({
          name: n,
          keyTerms: byName.get(key(n))?.keyTerms.slice(0, 5) ?? [],
        }));
        for (const t of r.value.topics)
          if (t.name.trim() && !own.some((n) => key(n) === key(t.name)))
            list.push({
              name: sanitizeModelText(t.name).slice(0, 120),
              keyTerms: t.keyTerms.slice(0, 5),
            });
        outcome = { ok: true, value: list.slice(0, Math.max(req.max, own.length)) };
      }
      return withFallback(opts, outcome, () => fallback.topics(req));
    },

    async deepDive(req) {
      const r = await call(
        'deep-dive',
        deepDiveSchema,
        system(
          req.language ?? 'en',
          'Write a deep dive for the topic: an overview, key points and a study checklist. Plain text only, no HTML.',
        ),
        `Subject: ${req.subjectName}\nTopic: ${req.topicName}\nStudent's request: ${req.prompt || '(none)'}\n\n${passagesBlock(
          toPassages(
            req.sources.map((s) => ({ text: s.text.slice(0, 6000), source: s.name })),
            MATERIAL_CHARS,
          ),
        )}`,
      );
      // The model writes plain text; the HTML is ours, with every string escaped.
      const outcome: Outcome<string> = !r.ok
        ? r
        : r.value.overview.join('').trim() === '' && r.value.keyPoints.length === 0
          ? invalid('deep-dive', 'empty')
          : {
              ok: true,
              value: [
                `<h2>${escapeHtml(req.topicName)}</h2>`,
                ...r.value.overview.map((p) => `<p>${escapeHtml(sanitizeModelText(p))}</p>`),
                r.value.keyPoints.length > 0
                  ? `<h3>${escapeHtml(textsFor(req.language ?? 'en').deepDive.keyPoints)}</h3><ul>${r.value.keyPoints.map((p) => `<li>${escapeHtml(sanitizeModelText(p))}</li>`).join('')}</ul>`
                  : '',
                r.value.checklist.length > 0
                  ? `<h3>${escapeHtml(textsFor(req.language ?? 'en').deepDive.checklist)}</h3><ul>${r.value.checklist.map((p) => `<li>${escapeHtml(sanitizeModelText(p))}</li>`).join('')}</ul>`
                  : '',
              ].join(''),
            };
      return withFallback(opts, outcome, () => fallback.deepDive(req));
    },

    async lesson(req) {
      const r = await call(
        'lesson',
        lessonSchema,
        system(
          req.language ?? 'en',
          'Write a concise lesson in Markdown (headings, lists, $math$), drawn from the notes. No HTML.',
        ),
        `Subject: ${req.subjectName}\nTopic: ${req.topicName}\n<material>\n${(req.content ?? '(no notes)').slice(0, MATERIAL_CHARS)}\n</material>`,
      );
      const outcome: Outcome<string> = !r.ok
        ? r
        : sanitizeModelText(r.value.markdown).length < 20
          ? invalid('lesson', 'empty lesson')
          : { ok: true, value: sanitizeModelText(r.value.markdown) };
      return withFallback(opts, outcome, () => fallback.lesson(req));
    },

    async flashcards(req) {
      const passages = toPassages(req.material, MATERIAL_CHARS);
      if (passages.length === 0) return fallback.flashcards(req);
      const r = await call(
        'flashcards',
        flashcardsSchema,
        system(
          req.language,
          `Write up to ${req.max} flashcards. The back must be a short phrase copied from the cited passage and must not appear on the front.`,
        ),
        `Lesson: ${req.lessonTitle} (${req.subjectName})\n\n${passagesBlock(passages)}`,
      );
      let outcome: Outcome<CardDraft[]> = r.ok ? { ok: true, value: [] } : r;
      if (r.ok) {
        const byId = new Map(passages.map((p) => [p.id, p]));
        const cards: CardDraft[] = [];
        for (const c of r.value.cards) {
          const p = byId.get(c.passageId.trim());
          const front = sanitizeModelText(c.front);
          const back = sanitizeModelText(c.back);
          if (!p || !front || !back || front.length > 500 || back.length > 300) continue;
          if (front.toLowerCase().includes(back.toLowerCase())) continue;
          cards.push({
            front,
            back,
            kind: front.includes('____') ? 'cloze' : 'definition',
            source: p.text,
            sourceName: p.source,
          });
        }
        outcome =
          cards.length > 0
            ? { ok: true, value: cards.slice(0, req.max) }
            : invalid('flashcards', 'no valid card');
      }
      return withFallback(opts, outcome, () => fallback.flashcards(req));
    },

    async quiz(req) {
      const passages = toPassages(req.material, MATERIAL_CHARS);
      if (passages.length === 0) return fallback.quiz(req);
      const r = await call(
        'quiz',
        quizSchema,
        system(
          req.language,
          `Write up to ${req.max} multiple-choice questions with four distinct options each, exactly one correct, answerable from the material.`,
        ),
        `Lesson: ${req.lessonTitle} (${req.subjectName})\n\n${passagesBlock(passages)}`,
      );
      let outcome: Outcome<QuestionDraft[]> = r.ok ? { ok: true, value: [] } : r;
      if (r.ok) {
        const byId = new Map(passages.map((p) => [p.id, p]));
        const questions: QuestionDraft[] = [];
        for (const q of r.value.questions) {
          const p = byId.get(q.passageId.trim());
          const options = q.options.map(sanitizeModelText);
          const distinct = new Set(options.map((o) => o.toLowerCase())).size === options.length;
          // Four distinct options, as the builtin engine's: a question with fewer is dropped.
          if (!p || options.length !== 4 || !distinct || options.some((o) => !o)) continue;
          if (
            !Number.isInteger(q.correctIndex) ||
            q.correctIndex < 0 ||
            q.correctIndex >= options.length
          )
            continue;
          // The explanation quotes the material: the model's quote if it really is there.
          const quote = q.quote.trim();
          const text = quote && p.text.includes(quote) ? quote : p.text;
          questions.push({
            prompt: sanitizeModelText(q.prompt),
            options,
            correctIndex: q.correctIndex,
            explanation: `“${text}” (${p.source})`,
          });
        }
        outcome =
          questions.length > 0
            ? { ok: true, value: questions.slice(0, req.max) }
            : invalid('quiz', 'no valid question');
      }
      return withFallback(opts, outcome, () => fallback.quiz(req));
    },

    async answerLesson(req) {
      const { sys, prompt, passages } = lessonRequest(req);
      const r = await call('lesson-bot', answerSchema, sys, prompt);
      const outcome = checked(opts, 'lesson-bot', r, (v) => checkLessonAnswer(v, passages));
      return withFallback(opts, outcome, () => fallback.answerLesson(req));
    },

    async chat(req) {
      if (needsCrisisReply(req)) return fallback.chat(req);
      const { sys, prompt } = chatRequest(req);
      const r = await call('chat', chatSchema, sys, prompt);
      return withFallback(opts, checked(opts, 'chat', r, checkChatReply), () => fallback.chat(req));
    },

    chatStream: (req, onDelta, signal) => streamChat(opts, req, onDelta, signal),

    answerLessonStream: (req, onDelta, signal) => streamLessonAnswer(opts, req, onDelta, signal),
  };
}
