import { APICallError, generateText, Output, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel } from '../adapters/ai/providers.js';
import { type FakeProvider, startFakeProvider } from './fake-ai-provider.js';

const deepDiveSchema = z.object({
  overview: z.array(z.string()),
  keyPoints: z.array(z.string()),
  checklist: z.array(z.string()),
});

describe('the fake openai provider', () => {
  let fake: FakeProvider;
  const model = () =>
    createLanguageModel({
      provider: 'openai',
      baseUrl: fake.baseUrl,
      apiKey: 'test-key',
      model: 'fake-model',
      timeoutMs: 5000,
      rateLimitMax: 100,
      globalRateLimitMax: 600,
      concurrency: 4,
    });
  const ask = (prompt: string) =>
    generateText({
      model: model(),
      prompt,
      output: Output.object({ schema: deepDiveSchema }),
      maxRetries: 0,
    });

  beforeAll(async () => {
    fake = await startFakeProvider('openai', { study: true, delayMs: 150 });
  });
  beforeEach(() => {
    fake.set({ kind: 'study' });
    fake.setDelay(150);
    fake.resetCounters();
  });
  afterAll(async () => fake.close());

  it('waits delayMs before answering and counts parallel calls', async () => {
    const started = Date.now();
    await Promise.all([ask('Topic: A'), ask('Topic: B'), ask('Topic: C')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(fake.calls).toBe(3);
    expect(fake.maxInFlight).toBe(3);
    expect(fake.inFlight).toBe(0);
  });

  it('gives a respondWith function the attempt number of each prompt', async () => {
    fake.setDelay(0);
    const seen: string[] = [];
    fake.respondWith(({ text, attempt }) => {
      seen.push(`${text}#${attempt}`);
      return text.includes('Topic: Optics') && attempt < 2
        ? { kind: 'status', status: 429, retryAfter: '0' }
        : { kind: 'study' };
    });
    for (let i = 0; i < 2; i++) {
      const error = await ask('Topic: Optics').catch((e: unknown) => e);
      expect(APICallError.isInstance(error) && error.responseHeaders?.['retry-after']).toBe('0');
    }
    const third = await ask('Topic: Optics');
    expect(third.output.overview.join(' ')).toContain('Optics');
    await ask('Topic: Waves');
    expect(seen).toEqual([
      'Topic: Optics#0',
      'Topic: Optics#1',
      'Topic: Optics#2',
      'Topic: Waves#0',
    ]);
  });

  it('answers a valid deep dive naming the topic', async () => {
    fake.setDelay(0);
    const { output } = await ask('Subject: Physics\nTopic: Optics\nStudent request: (none)');
    expect(output.overview).toHaveLength(2);
    expect(output.keyPoints).toHaveLength(3);
    expect(output.checklist).toHaveLength(3);
    expect(output.keyPoints[0]).toContain('Optics');
  });

  it('streams text word by word', async () => {
    fake.setDelay(0);
    fake.set({ kind: 'text', text: 'Light travels in straight lines until it meets a surface.' });
    const deltas: string[] = [];
    const result = streamText({ model: model(), prompt: 'Explain light.' });
    for await (const d of result.textStream) deltas.push(d);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Light travels in straight lines until it meets a surface.');
    expect(await result.finishReason).toBe('stop');
  });

  it('streams a study answer as partial JSON', async () => {
    fake.setDelay(0);
    const result = streamText({
      model: model(),
      prompt: 'Topic: Optics',
      output: Output.object({ schema: deepDiveSchema }),
    });
    let partials = 0;
    for await (const _ of result.partialOutputStream) partials++;
    expect(partials).toBeGreaterThan(1);
    expect((await result.output).checklist).toHaveLength(3);
  });
});
