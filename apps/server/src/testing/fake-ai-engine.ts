import { type AiEngine, inOneGo } from '../adapters/ai/ai-engine.js';
import type { FileReaders } from '../adapters/files/ingest.js';

/** The plain call a streamed one answers with, when a test gives only the plain one. */
const STREAMED: Partial<Record<keyof AiEngine, (engine: AiEngine) => AiEngine[keyof AiEngine]>> = {
  chatStream:
    (e): AiEngine['chatStream'] =>
    (request, onDelta, signal) =>
      inOneGo(e.chat(request), (text) => text, onDelta, signal),
  answerLessonStream:
    (e): AiEngine['answerLessonStream'] =>
    (request, onDelta, signal) =>
      inOneGo(e.answerLesson(request), (r) => r.answer, onDelta, signal),
};

/**
 * An AI engine for service tests: the methods given answer, any other fails the test, so a
 * rule that must not reach the AI (a refused request) is proved not to. `calls` counts them.
 * A streamed call not given (`chatStream`) answers in one go with its plain one (`chat`),
 * which is then counted too.
 */
export function fakeAiEngine(methods: Partial<AiEngine> = {}) {
  const calls: Partial<Record<keyof AiEngine, number>> = {};
  const engine: AiEngine = new Proxy({} as AiEngine, {
    get(_target, name) {
      // Not a promise, and nothing for inspection to find.
      if (typeof name !== 'string' || name === 'then') return undefined;
      const method = methods[name as keyof AiEngine] ?? STREAMED[name as keyof AiEngine]?.(engine);
      return (...args: unknown[]) => {
        calls[name as keyof AiEngine] = (calls[name as keyof AiEngine] ?? 0) + 1;
        if (!method) return Promise.reject(new Error(`AiEngine.${name} was not expected`));
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { engine, calls };
}

/** File readers for a service whose tested rules read no file: any use fails the test. */
export const noFileReaders: FileReaders = new Proxy({} as FileReaders, {
  get(_target, name) {
    if (typeof name !== 'string' || name === 'then') return undefined;
    throw new Error(`FileReaders.${name} was not expected`);
  },
});
