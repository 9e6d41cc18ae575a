import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isSupportedLanguage, SUPPORTED_LANGUAGES } from '@/config/languages';
import { assetPaths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { local } from './storage';

/** The language kept in local storage, else the default (English). */
export function storedLanguage(): string {
  const value = local.get(STORAGE_KEYS.selectedLanguage);
  return isSupportedLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
}

/** Starts i18next with translations fetched per language from /assets/i18n/{lng}.json. */
export async function initI18n(): Promise<I18n> {
  const lng = storedLanguage();
  syncDocumentLanguage(lng);
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES.map((l) => l.code),
      load: 'languageOnly',
      backend: { loadPath: assetPaths.i18n },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
}

/**
 * Stores the choice for the next visit and switches the interface to it at once: the screen
 * re-renders in the new language, with no reload, so nothing typed is lost.
 */
export async function switchLanguage(code: string, instance: I18n = i18next): Promise<void> {
  if (!isSupportedLanguage(code)) return;
  local.set(STORAGE_KEYS.selectedLanguage, code);
  await instance.changeLanguage(code);
}
