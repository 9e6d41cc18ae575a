import { AI_LANGUAGES, type AiLanguage } from '@studybuddy/contracts';

/** The interface language as the AI calls take it (`en-GB` -> `en`); English when unknown. */
export function aiLanguage(language: string | undefined): AiLanguage {
  const base = (language ?? '').slice(0, 2).toLowerCase();
  return (AI_LANGUAGES as readonly string[]).includes(base) ? (base as AiLanguage) : 'en';
}
