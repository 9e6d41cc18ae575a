import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
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

/**
 * Loads one language's texts from /assets/i18n/{lng}.json: all the app needs of a backend, in a
 * few lines instead of a library on every first screen. i18next only asks for the languages
 * of `supportedLngs`. A server error or a lost connection is retried by i18next; a 4xx is not.
 */
export const jsonFileBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const url = assetPaths.i18n.replace('{{lng}}', language);
    fetch(url, { credentials: 'same-origin' })
      .then(async (response) =>
        response.ok
          ? { texts: await response.json() }
          : { error: `status code ${response.status}`, retry: response.status >= 500 },
      )
      .catch((error: unknown) => ({ error: String(error), retry: true }))
      .then((result) => {
        if ('texts' in result) callback(null, result.texts);
        else callback(`failed loading ${url}: ${result.error}`, result.retry);
      });
  },
};

/** Starts i18next with translations fetched per language from /assets/i18n/{lng}.json. */
export async function initI18n(): Promise<I18n> {
  const lng = storedLanguage();
  syncDocumentLanguage(lng);
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(jsonFileBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES.map((l) => l.code),
      load: 'languageOnly',
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
