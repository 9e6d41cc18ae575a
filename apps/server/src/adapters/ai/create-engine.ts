import type { AiConfig } from '../../config/config.js';
import type { AiEngine } from './ai-engine.js';
import type { FailureReason } from './llm-engine.js';

export interface AiLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The engine AI_PROVIDER asks for. The AI SDK is only loaded when a provider is configured;
 * the builtin engine is always there as the fallback. The app passes the one on its work pool;
 * only without it is the in-thread engine loaded, because its language models and word lists
 * take about 30 MB of heap that the server's own thread has no use for.
 */
export async function createAiEngine(
  ai: AiConfig,
  log?: AiLogger,
  builtinEngine?: AiEngine,
  /** This server's budget of model calls (AI_GLOBAL_RATE_LIMIT_MAX): false when spent. */
  admit?: () => Promise<boolean>,
  /** For background jobs: a failed model call throws (ModelCallError) for the job to retry. */
  raise = false,
  /** Told of every failed model call after it is logged (the app counts them per day). */
  counted?: (reason: FailureReason) => void,
): Promise<AiEngine> {
  const builtin = builtinEngine ?? (await import('./builtin-engine.js')).createBuiltinEngine();
  if (ai.provider === 'builtin') return builtin;
  const [{ createLlmEngine }, { createLanguageModel }] = await Promise.all([
    import('./llm-engine.js'),
    import('./providers.js'),
  ]);
  return createLlmEngine({
    model: createLanguageModel(ai),
    name: `${ai.provider}/${ai.model}`,
    timeoutMs: ai.timeoutMs,
    fallback: builtin,
    raise,
    ...(admit ? { admit } : {}),
    onFailure: (feature: string, reason: FailureReason, detail: string) => {
      log?.warn(
        { event: 'ai.fallback', feature, reason, detail: detail.slice(0, 300) },
        'AI provider failed; builtin engine answered',
      );
      counted?.(reason);
    },
  });
}
