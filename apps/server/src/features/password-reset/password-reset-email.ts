import type { AiLanguage } from '@studybuddy/contracts';
import { asLanguage } from '../../domain/text/languages.js';
import { escapeHtml } from '../../domain/text/text.js';

interface Texts {
  subject: string;
  greeting(name: string): string;
  intro: string;
  action: string;
  expires(minutes: number): string;
  notYou: string;
}

/** The five languages of the app, written for a student (the informal "you", as the app). */
const TEXTS: Record<AiLanguage, Texts> = {
  en: {
    subject: 'Choose a new StudyBuddy password',
    greeting: (name) => `Hi ${name},`,
    intro: 'Someone asked to reset the password of your StudyBuddy account.',
    action: 'Choose a new password',
    expires: (m) => `The link works once, for ${m} minutes.`,
    notYou:
      'If you did not ask for this, ignore this e-mail: your password stays as it is and nobody can use it without the link.',
  },
  el: {
    subject: 'Διάλεξε νέο κωδικό για το StudyBuddy',
    greeting: (name) => `Γεια σου ${name},`,
    intro: 'Κάποιος ζήτησε επαναφορά του κωδικού του λογαριασμού σου στο StudyBuddy.',
    action: 'Διάλεξε νέο κωδικό',
    expires: (m) => `Ο σύνδεσμος λειτουργεί μία φορά, για ${m} λεπτά.`,
    notYou:
      'Αν δεν το ζήτησες εσύ, αγνόησε αυτό το μήνυμα: ο κωδικός σου μένει ίδιος και κανείς δεν μπορεί να τον αλλάξει χωρίς τον σύνδεσμο.',
  },
  es: {
    subject: 'Elige una nueva contraseña de StudyBuddy',
    greeting: (name) => `Hola, ${name}:`,
    intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de StudyBuddy.',
    action: 'Elige una nueva contraseña',
    expires: (m) => `El enlace funciona una sola vez, durante ${m} minutos.`,
    notYou:
      'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia y nadie puede cambiarla sin el enlace.',
  },
  fr: {
    subject: 'Choisis un nouveau mot de passe StudyBuddy',
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Quelqu’un a demandé à réinitialiser le mot de passe de ton compte StudyBuddy.',
    action: 'Choisir un nouveau mot de passe',
    expires: (m) => `Le lien fonctionne une seule fois, pendant ${m} minutes.`,
    notYou:
      'Si ce n’est pas toi, ignore cet e-mail : ton mot de passe ne change pas et personne ne peut le changer sans le lien.',
  },
  de: {
    subject: 'Wähle ein neues StudyBuddy-Passwort',
    greeting: (name) => `Hallo ${name},`,
    intro: 'Jemand hat verlangt, das Passwort deines StudyBuddy-Kontos zurückzusetzen.',
    action: 'Neues Passwort wählen',
    expires: (m) => `Der Link funktioniert einmal, ${m} Minuten lang.`,
    notYou:
      'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist, und ohne den Link kann es niemand ändern.',
  },
};

/** The student's language (users.language), English for any other. */
const languageOf = (language: string): AiLanguage => asLanguage(language) ?? 'en';

/** The reset e-mail in the student's language: plain text, and the same as simple HTML. */
export function passwordResetEmail(input: {
  language: string;
  firstName: string;
  link: string;
  minutes: number;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[languageOf(input.language)];
  const text = [
    t.greeting(input.firstName),
    '',
    t.intro,
    '',
    `${t.action}: ${input.link}`,
    '',
    t.expires(input.minutes),
    t.notYou,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${languageOf(input.language)}"><head><meta charset="utf-8"><title>${e(t.subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${e(t.greeting(input.firstName))}</p>`,
    `<p>${e(t.intro)}</p>`,
    `<p><a href="${e(input.link)}">${e(t.action)}</a></p>`,
    `<p>${e(t.expires(input.minutes))}</p>`,
    `<p style="font-size: small; color: #555">${e(t.notYou)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: t.subject, text, html };
}
