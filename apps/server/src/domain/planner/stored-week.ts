import {
  wizardAvailabilitySchema,
  wizardPeriodSchema,
  wizardPreferencesSchema,
} from '@studybuddy/contracts';
import { asLanguage } from '../text/languages.js';

/**
 * The week a plan was made for, from its stored wizard input (`study_plans.source_input`): the
 * period, the availability, the preferences and the language. Null for a plan made by hand, or
 * an input that no longer reads as the wizard's (nothing is guessed for it).
 */
export function storedWeek(sourceInput: string | null) {
  if (!sourceInput) return null;
  let raw: { period?: unknown; availability?: unknown; preferences?: unknown; language?: unknown };
  try {
    raw = JSON.parse(sourceInput) ?? {};
  } catch {
    return null;
  }
  const period = wizardPeriodSchema.safeParse(raw.period);
  const availability = wizardAvailabilitySchema.safeParse(raw.availability);
  const preferences = wizardPreferencesSchema.safeParse(raw.preferences);
  if (!period.success || !availability.success || !preferences.success) return null;
  return {
    period: period.data,
    availability: availability.data,
    preferences: preferences.data,
    language: asLanguage(typeof raw.language === 'string' ? raw.language : 'en'),
  };
}
