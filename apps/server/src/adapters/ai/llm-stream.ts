import { Output, streamText } from 'ai';
import type { z } from 'zod';
import type {
  ChatRequest,
  Generated,
  GroundedReply,
  LessonQuestionRequest,
  OnDelta,
} from './ai-engine.js';
import {
  answerSchema,
  callsPerRequest,
  chatRequest,
  chatSchema,
  checkChatReply,
  checked,
  checkLessonAnswer,
  classify,
  failureOf,
  invalidOutput,
  type LlmEngineOptions,
  lessonRequest,
  metered,
  needsCrisisReply,
  type Outcome,
  reported,
  withFallback,
  worthReasking,
} from './llm-shared.js';
import { sanitizeModelText } from './sanitize.js';

/**
 * Streamed replies of the LLM engine (`chatStream`, `answerLessonStream`): the AI SDK's
 * `streamText` with a structured output, whose growing text field goes out as deltas. The
 * prompts, the checks of the final output, the failures and the builtin fallback with its
 * warning are the non-streaming path's (llm-engine.ts), from llm-shared.ts; the answer returned
 * is the authoritative one.
 */

/** The student stopped the reply: what was written of it so far. */
type Stopped = { ok: 'stopped'; written: string };

/**
 * Model text as it may be shown while it is written: sanitized as the final text is, and
 * without an unfinished tag or link target at its end (sent once it is complete and checked).
 */
function shownSoFar(text: string): string {
  // The first '<' after the last '>', then the first '](' after the last ')': what /<[^>]*$/
  // and /\]\([^)]*$/ would cut, found in linear time (those regexes rescan from every '<').
  let shown = text;
  const tag = shown.indexOf('<', shown.lastIndexOf('>') + 1);
  if (tag >= 0) shown = shown.slice(0, tag);
  const link = shown.indexOf('](', shown.lastIndexOf(')') + 1);
  if (link >= 0) shown = shown.slice(0, link);
  return sanitizeModelText(shown);
}

/**
 * One streamed model call: each growth of the text `field` of the partial output goes to
 * `onDelta` (appended pieces only: a partial that rewrites what was shown is skipped, the final
 * answer is authoritative). One retry, as the JSON path: the SDK's of a failed HTTP call (made
 * before anything streams), or ours of output that failed our checks while nothing was shown.
 */
async function streamField<T extends Record<string, unknown>>(
  opts: LlmEngineOptions,
  feature: string,
  schema: z.ZodType<T>,
  field: keyof T & string,
  sys: string,
  prompt: string,
  onDelta: OnDelta,
  signal: AbortSignal | undefined,
): Promise<Outcome<T> | Stopped> {
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  // The student's stop ends the call, and the SDK's wait before a retry, as the deadline does.
  const abortSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
  const m = metered(opts);
  const maxCalls = callsPerRequest(opts);
  let written = '';

  async function attempt(maxRetries: number): Promise<Outcome<T> | Stopped> {
    let streamError: unknown;
    try {
      const result = streamText({
        model: m.model,
        system: sys,
        prompt,
        output: Output.object({ schema }),
        maxRetries,
        abortSignal,
        temperature: 0.2,
        onError: ({ error }) => {
          streamError ??= error;
        },
      });
      for await (const partial of result.partialOutputStream) {
        const text = (partial as Partial<Record<string, unknown>> | undefined)?.[field];
        if (typeof text !== 'string') continue;
        const shown = shownSoFar(text);
        if (shown.length > written.length && shown.startsWith(written)) {
          onDelta(shown.slice(written.length));
          written = shown;
        }
      }
      if (signal?.aborted) return { ok: 'stopped', written };
      if (streamError !== undefined) throw streamError;
      const parsed = schema.safeParse(await result.output);
      return parsed.success
        ? { ok: true, value: parsed.data }
        : invalidOutput(parsed.error.message);
    } catch (error) {
      if (signal?.aborted) return { ok: 'stopped', written };
      return failureOf(error, classify(error, deadline.aborted));
    }
  }

  let r = await attempt(maxCalls - 1);
  // A second answer cannot take back text the student has already read.
  if (r.ok !== 'stopped' && written === '' && worthReasking(r, m, maxCalls)) r = await attempt(0);
  return r.ok === false ? reported(opts, feature, r) : r;
}

/**
 * `onDelta`, noting whether it was called: when nothing was shown yet the builtin engine's
 * answer is streamed; else it simply replaces the text (the final is the authoritative one).
 */
function noteShown(onDelta: OnDelta): { onDelta: OnDelta; shown: () => boolean } {
  let shown = false;
  return {
    onDelta: (text) => {
      shown = true;
      onDelta(text);
    },
    shown: () => shown,
  };
}

/** `chatStream` of the LLM engine: as its `chat`, streamed. */
export async function streamChat(
  opts: LlmEngineOptions,
  req: ChatRequest,
  onDelta: OnDelta,
  signal?: AbortSignal,
): Promise<Generated<string>> {
  if (needsCrisisReply(req)) return opts.fallback.chatStream(req, onDelta, signal);
  const { sys, prompt } = chatRequest(req);
  const out = noteShown(onDelta);
  const r = await streamField(opts, 'chat', chatSchema, 'reply', sys, prompt, out.onDelta, signal);
  if (r.ok === 'stopped') return { value: r.written, warnings: [], engine: opts.name };
  return withFallback(opts, checked(opts, 'chat', r, checkChatReply), () =>
    out.shown() ? opts.fallback.chat(req) : opts.fallback.chatStream(req, onDelta, signal),
  );
}

/** `answerLessonStream` of the LLM engine: as its `answerLesson`, streamed. */
export async function streamLessonAnswer(
  opts: LlmEngineOptions,
  req: LessonQuestionRequest,
  onDelta: OnDelta,
  signal?: AbortSignal,
): Promise<Generated<GroundedReply>> {
  const { sys, prompt, passages } = lessonRequest(req);
  const out = noteShown(onDelta);
  const r = await streamField(
    opts,
    'lesson-bot',
    answerSchema,
    'answer',
    sys,
    prompt,
    out.onDelta,
    signal,
  );
  if (r.ok === 'stopped')
    return {
      value: { answer: r.written, covered: false, passages: [] },
      warnings: [],
      engine: opts.name,
    };
  const outcome = checked(opts, 'lesson-bot', r, (v) => checkLessonAnswer(v, passages));
  return withFallback(opts, outcome, () =>
    out.shown()
      ? opts.fallback.answerLesson(req)
      : opts.fallback.answerLessonStream(req, onDelta, signal),
  );
}
