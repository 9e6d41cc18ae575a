import { AI_LANGUAGES, type AiLanguage } from '@studybuddy/contracts';

/** What a session reminder e-mail says, and where its links go. */
export interface ReminderEmailInput {
  /** The student's language (users.language); anything else is written in English. */
  language: string;
  /** The student's IANA zone (users.timeZone); an unknown one is read as UTC. */
  timeZone: string;
  firstName: string;
  subjectName: string;
  topicName: string | null;
  /** The session's own title. */
  title: string;
  /** ISO-8601 UTC. */
  startsAt: string;
  /** The lesson (the topic's page, or the calendar at the session's day). */
  lessonUrl: string;
  /** The web page that turns reminders off. */
  unsubscribeUrl: string;
}

export interface ReminderEmail {
  subject: string;
  text: string;
  html: string;
}

interface Texts {
  subject(what: string, time: string): string;
  greeting(name: string): string;
  intro(date: string, time: string, zone: string): string;
  subjectLabel: string;
  topicLabel: string;
  sessionLabel: string;
  open: string;
  why: string;
  stop: string;
}

/** The five languages of the app, written for a student (the informal "you", as the app). */
const TEXTS: Record<AiLanguage, Texts> = {
  en: {
    subject: (what, time) => `Reminder: ${what} at ${time}`,
    greeting: (name) => `Hi ${name},`,
    intro: (date, time, zone) => `Your study session starts on ${date} at ${time} (${zone}).`,
    subjectLabel: 'Subject',
    topicLabel: 'Topic',
    sessionLabel: 'Session',
    open: 'Open the lesson',
    why: 'You get this e-mail because lesson reminders are on in StudyBuddy.',
    stop: 'Stop these reminders',
  },
  el: {
    subject: (what, time) => `Υπενθύμιση: ${what} στις ${time}`,
    greeting: (name) => `Γεια σου ${name},`,
    intro: (date, time, zone) => `Η ώρα μελέτης σου ξεκινά την ${date} στις ${time} (${zone}).`,
    subjectLabel: 'Μάθημα',
    topicLabel: 'Ενότητα',
    sessionLabel: 'Συνεδρία',
    open: 'Άνοιξε το μάθημα',
    why: 'Λαμβάνεις αυτό το μήνυμα επειδή οι υπενθυμίσεις μελέτης είναι ενεργές στο StudyBuddy.',
    stop: 'Σταμάτησε αυτές τις υπενθυμίσεις',
  },
  es: {
    subject: (what, time) => `Recordatorio: ${what} a las ${time}`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (date, time, zone) => `Tu sesión de estudio empieza el ${date} a las ${time} (${zone}).`,
    subjectLabel: 'Asignatura',
    topicLabel: 'Tema',
    sessionLabel: 'Sesión',
    open: 'Abre la lección',
    why: 'Recibes este correo porque tienes activados los recordatorios de estudio en StudyBuddy.',
    stop: 'Dejar de recibir estos recordatorios',
  },
  fr: {
    subject: (what, time) => `Rappel : ${what} à ${time}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (date, time, zone) => `Ta séance de révision commence le ${date} à ${time} (${zone}).`,
    subjectLabel: 'Matière',
    topicLabel: 'Thème',
    sessionLabel: 'Séance',
    open: 'Ouvrir la leçon',
    why: 'Tu reçois cet e-mail parce que les rappels de révision sont activés dans StudyBuddy.',
    stop: 'Ne plus recevoir ces rappels',
  },
  de: {
    subject: (what, time) => `Erinnerung: ${what} um ${time} Uhr`,
    greeting: (name) => `Hallo ${name},`,
    intro: (date, time, zone) => `Deine Lerneinheit beginnt am ${date} um ${time} Uhr (${zone}).`,
    subjectLabel: 'Fach',
    topicLabel: 'Thema',
    sessionLabel: 'Einheit',
    open: 'Lektion öffnen',
    why: 'Du bekommst diese E-Mail, weil Lernerinnerungen in StudyBuddy eingeschaltet sind.',
    stop: 'Diese Erinnerungen abbestellen',
  },
};

const languageOf = (language: string): AiLanguage =>
  AI_LANGUAGES.find((l) => l === language) ?? 'en';

function zoneOf(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The day and the 24-hour time of an instant, as the language writes them, in a zone. */
export function formatStart(
  startsAt: string,
  language: string,
  timeZone: string,
): { date: string; time: string; zone: string } {
  const lang = languageOf(language);
  const zone = zoneOf(timeZone);
  const instant = new Date(startsAt);
  const date = new Intl.DateTimeFormat(lang, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(instant);
  const time = new Intl.DateTimeFormat(lang, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date, time, zone };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and double-quoted attributes. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * A session reminder in the student's language, with the start in their zone on a 24-hour
 * clock, the lesson's link and the unsubscribe link: plain text, and the same as simple HTML
 * with every value escaped.
 */
export function reminderEmail(input: ReminderEmailInput): ReminderEmail {
  const t = TEXTS[languageOf(input.language)];
  const { date, time, zone } = formatStart(input.startsAt, input.language, input.timeZone);
  const what = input.topicName
    ? `${input.subjectName}: ${input.topicName}`
    : `${input.subjectName}: ${input.title}`;
  const facts: [string, string][] = [[t.subjectLabel, input.subjectName]];
  if (input.topicName) facts.push([t.topicLabel, input.topicName]);
  facts.push([t.sessionLabel, input.title]);

  const text = [
    t.greeting(input.firstName),
    '',
    t.intro(date, time, zone),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.open}: ${input.lessonUrl}`,
    '',
    '-- ',
    t.why,
    `${t.stop}: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${languageOf(input.language)}"><head><meta charset="utf-8"><title>${e(t.subject(what, time))}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${e(t.greeting(input.firstName))}</p>`,
    `<p>${e(t.intro(date, time, zone))}</p>`,
    '<ul>',
    ...facts.map(([label, value]) => `<li>${e(label)}: <strong>${e(value)}</strong></li>`),
    '</ul>',
    `<p><a href="${e(input.lessonUrl)}">${e(t.open)}</a></p>`,
    `<p style="font-size: small; color: #555">${e(t.why)} <a href="${e(input.unsubscribeUrl)}">${e(t.stop)}</a></p>`,
    '</body></html>',
    '',
  ].join('\n');

  // A header is one line: a name with a line break in it must not start another header.
  const subject = t.subject(what, time).replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  return { subject, text, html };
}
