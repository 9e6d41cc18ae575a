import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import { fakeAiEngine } from '../../testing/fake-ai-engine.js';
import { createTestDb, type TestDb } from '../../testing/test-db.js';
import { createAssistantRepository } from './assistant.repository.js';
import { createAssistantService } from './assistant.service.js';

describe('assistant service', () => {
  let db: TestDb;
  let ana: number;
  let assistant: ReturnType<typeof createAssistantService>;

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    ana = (await createFactories(db).user()).id;
    const ai = fakeAiEngine({ chat: async () => ({ value: '  \n', warnings: [], engine: 'x/y' }) });
    assistant = createAssistantService({
      repo: createAssistantRepository(db.db),
      ai: ai.engine,
      now: () => new Date('2026-05-01T12:00:00.000Z'),
    });
  });
  afterEach(async () => db.cleanup());

  it('answers an empty reply with “did not understand” in the student’s language, and keeps it', async () => {
    const reply = await assistant.ask(ana, '¿Qué estudio hoy?', 'es');
    expect(reply.candidates[0]?.content.parts[0]?.text).toBe('Lo siento, no he entendido eso.');
    expect((await assistant.history(ana)).messages.map((m) => m.text)).toEqual([
      '¿Qué estudio hoy?',
      'Lo siento, no he entendido eso.',
    ]);
  });

  it('streams the reply through the engine and keeps it once complete', async () => {
    const ai = fakeAiEngine({
      chat: async () => ({ value: 'Revise.', warnings: [], engine: 'x/y' }),
    });
    const streaming = createAssistantService({
      repo: createAssistantRepository(db.db),
      ai: ai.engine,
      now: () => new Date('2026-05-01T12:00:00.000Z'),
    });
    const deltas: string[] = [];
    const reply = await streaming.ask(ana, 'Help?', 'en', {
      onDelta: (text) => deltas.push(text),
      signal: new AbortController().signal,
    });
    expect(deltas).toEqual(['Revise.']);
    expect(reply.candidates[0]?.content.parts[0]?.text).toBe('Revise.');
    expect(ai.calls.chatStream).toBe(1);
    expect((await streaming.history(ana)).messages.map((m) => m.text)).toEqual([
      'Help?',
      'Revise.',
    ]);
  });

  it('keeps a stopped reply as far as it was written, and nothing when nothing was', async () => {
    const stop = new AbortController();
    const ai = fakeAiEngine({
      chatStream: async (_request, onDelta) => {
        onDelta('Start with');
        onDelta(' the key terms');
        stop.abort();
        return { value: 'Start with the key terms, then more.', warnings: [], engine: 'x/y' };
      },
    });
    const streaming = createAssistantService({
      repo: createAssistantRepository(db.db),
      ai: ai.engine,
    });
    await streaming.ask(ana, 'Help?', 'en', { onDelta: () => {}, signal: stop.signal });
    expect((await streaming.history(ana)).messages.map((m) => m.text)).toEqual([
      'Help?',
      'Start with the key terms',
    ]);
    const silent = createAssistantService({
      repo: createAssistantRepository(db.db),
      ai: fakeAiEngine({
        chatStream: async () => ({ value: '', warnings: [], engine: 'x/y' }),
      }).engine,
    });
    const stopped = new AbortController();
    stopped.abort();
    await silent.ask(ana, 'Again?', 'en', { onDelta: () => {}, signal: stopped.signal });
    expect((await silent.history(ana)).messages).toHaveLength(2);
  });

  it('says it in English when the student speaks English', async () => {
    const reply = await assistant.ask(ana, 'Hmm', 'en');
    expect(reply.candidates[0]?.content.parts[0]?.text).toBe('Sorry, I did not understand that.');
  });
});
