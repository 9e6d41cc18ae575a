import type { CurrentUser } from '@studybuddy/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '@/config/languages';
import { browserTimeZone } from '@/lib/date-formatters';
import { useUpdateLocale } from '../api/update-locale';

/**
 * What was last sent, per app (its query client) rather than per component: the layouts remount
 * the caller when the student moves into a lesson and back, and that is no reason to send again.
 */
const lastSent = new WeakMap<QueryClient, string>();

/**
 * Tells the server the interface language and the browser's time zone, so that reminder e-mails
 * are written the way the student reads the app: when they differ from what the server holds
 * (the session's user carries it, read at sign-in and at each app start), and again when the
 * language changes. Most app starts then send nothing: a write to the database and a request
 * saved on every load. A repeat of what was sent is skipped; a failed send is retried on the
 * next change.
 */
export function useLocaleSync(user: CurrentUser | null): void {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const { mutate } = useUpdateLocale();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const userId = user?.id;
  const held = user ? `${user.id}|${user.language}|${user.timeZone}` : undefined;

  useEffect(() => {
    if (userId === undefined || !isSupportedLanguage(language)) return;
    const timeZone = browserTimeZone();
    const key = `${userId}|${language}|${timeZone}`;
    if (lastSent.get(client) === key) return;
    // What the session says the server holds is as old as the sign-in or app start: once this
    // app has sent something for the student, that is the newer word.
    if (held === key && !lastSent.get(client)?.startsWith(`${userId}|`)) {
      lastSent.set(client, key);
      return;
    }
    lastSent.set(client, key);
    mutate(
      { language, timeZone },
      {
        onError: () => {
          if (lastSent.get(client) === key) lastSent.delete(client);
        },
      },
    );
  }, [userId, held, language, client, mutate]);
}
