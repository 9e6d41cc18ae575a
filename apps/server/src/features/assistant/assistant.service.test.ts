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

  it('says it in English when the student speaks English', async () => {
    const reply = await assistant.ask(ana, 'Hmm', 'en');
    expect(reply.candidates[0]?.content.parts[0]?.text).toBe('Sorry, I did not understand that.');
  });
});
