import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiConfig } from '../../config/config.js';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-ai-provider.js';
import type { AiEngine, ChatRequest, LessonQuestionRequest } from './ai-engine.js';
import { createAiEngine } from './create-engine.js';

const chatRequest: ChatRequest = {
  message: 'How should I revise photosynthesis?',
  history: [],
  language: 'en',
  context: { now: new Date('2026-03-02T09:00:00Z'), timeZone: 'UTC', subjects: [], sessions: [] },
};

const lessonRequest: LessonQuestionRequest = {
  question: 'What does chlorophyll absorb?',
  lessonTitle: 'Photosynthesis',
  material: [
    'Photosynthesis is the process by which green plants convert light energy into chemical energy.',
    'Chlorophyll is a green pigment that absorbs red and blue light.',
  ].map((text) => ({ text, source: 'Photosynthesis' })),
  language: 'en',
};

const STUDY_REPLY =
  'Good question. Start with a short review of the key terms, then test yourself without ' +
  'looking at your notes. Space your reviews over the next few days, and spend most of your ' +
  'time on the points you got wrong. Short, regular sessions beat one long one.';

/** Collects the deltas of one streamed call. */
function collector() {
  const deltas: string[] = [];
  return { deltas, onDelta: (text: string) => void deltas.push(text) };
}

describe('streamed replies of the LLM engine (OpenAI-compatible, streaming word by word)', () => {
  let fake: FakeProvider;
  let engine: AiEngine;
  let config: AiConfig;
  const failures: string[] = [];

  beforeAll(async () => {
    fake = await startFakeProvider('openai', { streamGapMs: 5 });
    config = {
      provider: 'openai',
      baseUrl: fake.baseUrl,
      apiKey: 'test-key',
      model: 'fake-model',
      timeoutMs: 3000,
      rateLimitMax: 100,
      globalRateLimitMax: 600,
      concurrency: 4,
    };
    engine = await createAiEngine(config, {
      warn: (obj) => void failures.push(String((obj as { reason: string }).reason)),
    });
  });
  afterAll(async () => fake.close());

  it('sends the reply word by word as it is written, then the checked reply', async () => {
    fake.set({ kind: 'study' });
    const { deltas, onDelta } = collector();
    const r = await engine.chatStream(chatRequest, onDelta);
    expect(r).toEqual({ value: STUDY_REPLY, warnings: [], engine: 'openai/fake-model' });
    // Many pieces, each appended, adding up to the reply.
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(STUDY_REPLY);
    expect(deltas[0]).toBe('Good');
    // The model was asked to stream, for the chat schema.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.stream).toBe(true);
    expect(JSON.stringify(fake.requests[0]?.body)).toContain('reply');
  });

  it('streams the lesson helper’s answer and checks its citations at the end', async () => {
    fake.set({ kind: 'study' });
    const { deltas, onDelta } = collector();
    const r = await engine.answerLessonStream(lessonRequest, onDelta);
    expect(r.engine).toBe('openai/fake-model');
    expect(r.warnings).toEqual([]);
    expect(r.value.covered).toBe(true);
    expect(r.value.passages[0]?.source).toBe('Photosynthesis');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(r.value.answer);
  });

  it('answers from the builtin engine, with a warning, when the streamed output fails the checks', async () => {
    // Covered, but citing no passage: the same gate as the JSON path.
    fake.set({
      kind: 'json',
      body: { answer: 'Chlorophyll absorbs green light.', covered: true, passageIds: ['p99'] },
    });
    failures.length = 0;
    const { deltas, onDelta } = collector();
    const r = await engine.answerLessonStream(lessonRequest, onDelta);
    expect(deltas.join('')).toBe('Chlorophyll absorbs green light.');
    expect(r.engine).toBe('builtin');
    expect(r.warnings.map((w) => w.code)).toEqual(['ai_fallback_invalid_output']);
    expect(r.value.answer).toContain('red and blue light');
    expect(failures).toEqual(['invalid_output']);
  });

  it('streams the builtin answer when the provider fails before writing anything', async () => {
    fake.set({ kind: 'status', status: 500, retryAfterMs: 1 });
    const { deltas, onDelta } = collector();
    const r = await engine.chatStream(
      { ...chatRequest, message: 'what is active recall?' },
      onDelta,
    );
    expect(r.engine).toBe('builtin');
    expect(r.warnings.map((w) => w.code)).toEqual(['ai_fallback_http_error']);
    expect(r.value).toContain('Active recall');
    expect(deltas).toEqual([r.value]);
    // Tried twice, as the JSON path does, since nothing was shown yet.
    expect(fake.requests).toHaveLength(2);
  });

  it('streams the builtin answer, with the budget warning, when the budget refuses the retry', async () => {
    let left = 1;
    const budgeted = await createAiEngine(
      { ...config, globalRateLimitMax: 1 },
      undefined,
      undefined,
      async () => left-- > 0,
    );
    fake.set({ kind: 'status', status: 503, retryAfterMs: 1 });
    const { deltas, onDelta } = collector();
    const r = await budgeted.chatStream(
      { ...chatRequest, message: 'what is active recall?' },
      onDelta,
    );
    // The SDK's retry asked the budget first, and was refused: one request went out.
    expect(left).toBe(-1);
    expect(fake.requests).toHaveLength(1);
    expect(r.engine).toBe('builtin');
    expect(r.warnings.map((w) => w.code)).toEqual(['ai_fallback_budget']);
    expect(deltas).toEqual([r.value]);
  });

  it('never sends raw HTML from the model, while streaming or at the end', async () => {
    fake.set({ kind: 'json', body: { reply: 'Hi <b>there</b> <script>alert(1)</script>friend' } });
    const { deltas, onDelta } = collector();
    const r = await engine.chatStream(chatRequest, onDelta);
    expect(r.value).toBe('Hi there friend');
    expect(deltas.join('')).not.toMatch(/[<>]/);
  });

  it('stops the model call when the student stops the reply, and returns what was written', async () => {
    fake.set({ kind: 'study' });
    const stop = new AbortController();
    const deltas: string[] = [];
    const r = await engine.chatStream(
      chatRequest,
      (text) => {
        deltas.push(text);
        if (deltas.length === 3) stop.abort();
      },
      stop.signal,
    );
    expect(r).toEqual({ value: deltas.join(''), warnings: [], engine: 'openai/fake-model' });
    expect(r.value.length).toBeLessThan(STUDY_REPLY.length);
    expect(STUDY_REPLY.startsWith(r.value)).toBe(true);
    // The provider saw the request go away.
    await expect.poll(() => fake.inFlight).toBe(0);
  });

  it('leaves crisis messages to the builtin engine, answered in one go', async () => {
    fake.set({ kind: 'study' });
    const { deltas, onDelta } = collector();
    const r = await engine.chatStream(
      { ...chatRequest, message: 'I want to end my life' },
      onDelta,
    );
    expect(r.engine).toBe('builtin');
    expect(deltas).toEqual([r.value]);
    expect(fake.requests).toHaveLength(0);
  });
});
