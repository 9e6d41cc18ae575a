import { AI_LANGUAGES, type AiLanguage, type PushMessage } from '@studybuddy/contracts';
import { formatStart } from './reminder-email.js';

/** What a session reminder's push says, and where a click on it goes. */
export interface ReminderPushInput {
  /** The student's language (users.language); anything else is written in English. */
  language: string;
  /** The student's IANA zone (users.timeZone); an unknown one is read as UTC. */
  timeZone: string;
  subjectName: string;
  topicName: string | null;
  /** The session's own title. */
  title: string;
  /** ISO-8601 UTC. */
  startsAt: string;
  /** The lesson (the topic's page, or the calendar at the session's day), as in the e-mail. */
  lessonUrl: string;
}

interface Texts {
  title: string;
  body(time: string, what: string): string;
}

/** The five languages of the app, written for a student (the informal "you", as the e-mail). */
const TEXTS: Record<AiLanguage, Texts> = {
  en: {
    title: 'Your study session starts soon',
    body: (time, what) => `At ${time}: ${what}`,
  },
  el: {
    title: 'Η ώρα μελέτης σου ξεκινά σε λίγο',
    body: (time, what) => `Στις ${time}: ${what}`,
  },
  es: {
    title: 'Tu sesión de estudio empieza pronto',
    body: (time, what) => `A las ${time}: ${what}`,
  },
  fr: {
    title: 'Ta séance de révision commence bientôt',
    body: (time, what) => `À ${time} : ${what}`,
  },
  de: {
    title: 'Deine Lerneinheit beginnt gleich',
    body: (time, what) => `Um ${time} Uhr: ${what}`,
  },
};

/**
 * A push service keeps at most 4 KB of a message, encryption included: subject, topic and
 * title are each held to this many characters (200 each at most when saved), so the message
 * stays under half of that in any script.
 */
const NAME_MAX = 120;

const clip = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text);

/**
 * A session reminder as a push: a title in the student's language, and the start on a 24-hour
 * clock in their zone with the subject and topic (or the session's title) as its body.
 */
export function reminderPush(input: ReminderPushInput): PushMessage {
  const t = TEXTS[AI_LANGUAGES.find((l) => l === input.language) ?? 'en'];
  const { time } = formatStart(input.startsAt, input.language, input.timeZone);
  const what = `${clip(input.subjectName)}: ${clip(input.topicName ?? input.title)}`;
  return {
    title: t.title,
    body: t.body(time, what),
    url: input.lessonUrl,
    startsAt: input.startsAt,
  };
}
