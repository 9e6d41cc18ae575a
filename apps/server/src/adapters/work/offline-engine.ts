import { type AiEngine, inOneGo } from '../ai/ai-engine.js';
import type { WorkPool } from './work-pool.js';
import type { AiMethod } from './work-tasks.js';

/**
 * The builtin (offline) AI engine, answering on the work pool: its NLP over a student's
 * material is CPU work that must not hold the event loop. Same interface, same answers.
 */
export function createOfflineEngine(pool: WorkPool): AiEngine {
  const call =
    <M extends AiMethod>(method: M) =>
    (request: Parameters<AiEngine[M]>[0]) =>
      pool.run({ kind: 'ai', method, request }) as ReturnType<AiEngine[M]>;
  return {
    topics: call('topics'),
    deepDive: call('deepDive'),
    lesson: call('lesson'),
    flashcards: call('flashcards'),
    quiz: call('quiz'),
    answerLesson: call('answerLesson'),
    chat: call('chat'),
    // Answered in one go on the pool: one delta with the whole text, then the answer.
    chatStream: (request, onDelta, signal) =>
      inOneGo(call('chat')(request), (text) => text, onDelta, signal),
    answerLessonStream: (request, onDelta, signal) =>
      inOneGo(call('answerLesson')(request), (r) => r.answer, onDelta, signal),
  };
}
