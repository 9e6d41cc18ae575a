import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { wrapLanguageModel } from 'ai';
import type { AiConfig, AiProvider } from '../../config/config.js';

/**
 * A provider's own model object (never a gateway string id): the only kind the SDK's
 * `wrapLanguageModel` wraps, as the engine does to admit each call against the budget.
 */
export type ProviderModel = Parameters<typeof wrapLanguageModel>[0]['model'];

type ModelFactory = (ai: AiConfig, model: string) => ProviderModel;

/** One factory per model provider: a provider added to AiProvider fails to compile until here. */
const MODEL_FACTORIES: Record<Exclude<AiProvider, 'builtin'>, ModelFactory> = {
  openai: (ai, model) =>
    createOpenAICompatible({
      name: 'openai',
      baseURL: ai.baseUrl ?? 'https://api.openai.com/v1',
      ...(ai.apiKey ? { apiKey: ai.apiKey } : {}),
      // Without this the SDK sends json_object and silently drops the schema (vercel/ai#12491).
      supportsStructuredOutputs: true,
    }).chatModel(model),
  gemini: (ai, model) =>
    createGoogleGenerativeAI({
      ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}),
      apiKey: ai.apiKey ?? '',
    })(model),
  anthropic: (ai, model) =>
    createAnthropic({
      ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}),
      apiKey: ai.apiKey ?? '',
    })(model),
};

/** The AI SDK model for the configured provider (never a gateway string id). */
export function createLanguageModel(ai: AiConfig): ProviderModel {
  const factory = ai.provider === 'builtin' ? undefined : MODEL_FACTORIES[ai.provider];
  if (!factory) throw new Error(`AI provider ${ai.provider} has no language model`);
  return factory(ai, ai.model as string);
}
