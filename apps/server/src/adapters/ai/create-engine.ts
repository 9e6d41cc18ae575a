import type { AiConfig } from '../../config/config.js';
import type { AiEngine } from './ai-engine.js';
import { createBuiltinEngine } from './builtin-engine.js';
import type { FailureReason } from './llm-engine.js';

export interface AiLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The engine AI_PROVIDER asks for. The AI SDK is only loaded when a provider is configured;
 * the builtin engine (by default in-thread; the app passes the one on its work pool) is
 * always there as the fallback.
 */
export async function createAiEngine(
  ai: AiConfig,
  log?: AiLogger,
  builtin: AiEngine = createBuiltinEngine(),
  /** This server's budget of model calls (AI_GLOBAL_RATE_LIMIT_MAX): false when spent. */
  admit?: () => Promise<boolean>,
  /** For background jobs: a failed model call throws (ModelCallError) for the job to retry. */
  raise = false,
  /** Told of every failed model call after it is logged (the app counts them per day). */
  counted?: (reason: FailureReason) => void,
): Promise<AiEngine> {
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
