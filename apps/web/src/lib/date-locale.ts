import type { Locale } from 'date-fns';
import { de, el, enUS, es, fr } from 'date-fns/locale';

const locales: Record<string, Locale> = { en: enUS, el, es, fr, de };

/** The date-fns locale of an interface language (English when unknown). */
export function dateLocale(language: string | undefined): Locale {
  return locales[(language ?? 'en').slice(0, 2)] ?? enUS;
}
