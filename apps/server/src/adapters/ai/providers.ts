import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../../config/config.js';

/** The AI SDK model for the configured provider (never a gateway string id). */
export function createLanguageModel(ai: AiConfig): LanguageModel {
  const model = ai.model as string;
  switch (ai.provider) {
    case 'openai':
      return createOpenAICompatible({
        name: 'openai',
        baseURL: ai.baseUrl ?? 'https://api.openai.com/v1',
        ...(ai.apiKey ? { apiKey: ai.apiKey } : {}),
        // Without this the SDK sends json_object and silently drops the schema (vercel/ai#12491).
        supportsStructuredOutputs: true,
      }).chatModel(model);
    case 'gemini':
      return createGoogleGenerativeAI({
        ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}),
        apiKey: ai.apiKey ?? '',
      })(model);
    case 'anthropic':
      return createAnthropic({
        ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}),
        apiKey: ai.apiKey ?? '',
      })(model);
    default:
      throw new Error(`AI provider ${ai.provider} has no language model`);
  }
}
