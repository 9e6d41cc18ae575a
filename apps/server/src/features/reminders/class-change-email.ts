import { AI_LANGUAGES, type AiLanguage, type ClassChangeData } from '@studybuddy/contracts';
import { classChangeWords } from './class-change-words.js';
import { escapeHtml, type ReminderEmail } from './reminder-email.js';

/** What a class-change e-mail says, and where its links go. */
export interface ClassChangeEmailInput {
  /** The student's language (users.language); anything else is written in English. */
  language: string;
  firstName: string;
  data: ClassChangeData;
  /** The class's page, which offers to take the changes. */
  classUrl: string;
  /** The web page that turns the e-mails off. */
  unsubscribeUrl: string;
}

interface Texts {
  greeting(name: string): string;
  intro(className: string): string;
  nothingMoves: string;
  open: string;
  why: string;
  stop: string;
}

/** The five languages of the app, written for a student (the informal "you", as the app). */
const TEXTS: Record<AiLanguage, Texts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    intro: (c) => `Your teacher changed the class ${c}:`,
    nothingMoves: 'Nothing in your plan changes until you update it on the class page.',
    open: 'Open the class',
    why: 'You get this e-mail because lesson reminders are on in StudyBuddy.',
    stop: 'Stop these e-mails',
  },
  el: {
    greeting: (name) => `Γεια σου ${name},`,
    intro: (c) => `Ο καθηγητής σου άλλαξε την τάξη ${c}:`,
    nothingMoves: 'Τίποτα στο πλάνο σου δεν αλλάζει μέχρι να το ενημερώσεις στη σελίδα της τάξης.',
    open: 'Άνοιξε την τάξη',
    why: 'Λαμβάνεις αυτό το μήνυμα επειδή οι υπενθυμίσεις μελέτης είναι ενεργές στο StudyBuddy.',
    stop: 'Σταμάτησε αυτά τα μηνύματα',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    intro: (c) => `Tu profesor ha cambiado la clase ${c}:`,
    nothingMoves: 'Nada de tu plan cambia hasta que lo actualices en la página de la clase.',
    open: 'Abrir la clase',
    why: 'Recibes este correo porque tienes activados los recordatorios de estudio en StudyBuddy.',
    stop: 'Dejar de recibir estos correos',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    intro: (c) => `Ton professeur a modifié la classe ${c} :`,
    nothingMoves:
      'Rien ne change dans ton plan tant que tu ne le mets pas à jour sur la page de la classe.',
    open: 'Ouvrir la classe',
    why: 'Tu reçois cet e-mail parce que les rappels de révision sont activés dans StudyBuddy.',
    stop: 'Ne plus recevoir ces e-mails',
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    intro: (c) => `Deine Lehrkraft hat die Klasse ${c} geändert:`,
    nothingMoves:
      'In deinem Plan ändert sich nichts, bis du ihn auf der Seite der Klasse aktualisierst.',
    open: 'Klasse öffnen',
    why: 'Du bekommst diese E-Mail, weil Lernerinnerungen in StudyBuddy eingeschaltet sind.',
    stop: 'Diese E-Mails abbestellen',
  },
};

/**
 * A class's change set as an e-mail in the student's language: what changed, that nothing moves
 * before they say so, the class's link and the unsubscribe link; plain text, and the same as
 * simple HTML with every value escaped.
 */
export function classChangeEmail(input: ClassChangeEmailInput): ReminderEmail {
  const language = AI_LANGUAGES.find((l) => l === input.language) ?? 'en';
  const t = TEXTS[language];
  const words = classChangeWords(language);
  const changes = input.data.changes.map((c) => words.change(c));
  const text = [
    t.greeting(input.firstName),
    '',
    t.intro(input.data.className),
    ...changes.map((c) => `- ${c}`),
    '',
    t.nothingMoves,
    `${t.open}: ${input.classUrl}`,
    '',
    '-- ',
    t.why,
    `${t.stop}: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const subject = `${input.data.className}: ${words.title}`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${e(t.greeting(input.firstName))}</p>`,
    `<p>${e(t.intro(input.data.className))}</p>`,
    '<ul>',
    ...changes.map((c) => `<li>${e(c)}</li>`),
    '</ul>',
    `<p>${e(t.nothingMoves)} <a href="${e(input.classUrl)}">${e(t.open)}</a></p>`,
    `<p style="font-size: small; color: #555">${e(t.why)} <a href="${e(input.unsubscribeUrl)}">${e(t.stop)}</a></p>`,
    '</body></html>',
    '',
  ].join('\n');
  // A header is one line: a name with a line break in it must not start another header.
  return { subject: subject.replace(/[\p{Cc}\u2028\u2029]+/gu, ' '), text, html };
}
