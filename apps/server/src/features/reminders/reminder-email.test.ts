import { describe, expect, it } from 'vitest';
import { escapeHtml, formatStart, reminderEmail } from './reminder-email.js';

/** 15:05 in Athens (UTC+2 in December), 08:05 in New York. */
const START = '2026-12-03T13:05:00.000Z';

const input = (language: string, timeZone = 'Europe/Athens') => ({
  language,
  timeZone,
  firstName: 'Ana',
  subjectName: 'Calculus',
  topicName: 'Derivatives',
  title: 'Practice',
  startsAt: START,
  lessonUrl: 'https://study.example.org/topic/7/detail',
  unsubscribeUrl: 'https://study.example.org/unsubscribe?token=abc.def',
});

describe('reminder e-mail', () => {
  it('is written in each of the five languages, with the time on a 24-hour clock in the zone', () => {
    const subjects = {
      en: 'Reminder: Calculus: Derivatives at 15:05',
      el: 'Υπενθύμιση: Calculus: Derivatives στις 15:05',
      es: 'Recordatorio: Calculus: Derivatives a las 15:05',
      fr: 'Rappel : Calculus: Derivatives à 15:05',
      de: 'Erinnerung: Calculus: Derivatives um 15:05 Uhr',
    };
    const intros = {
      en: 'Your study session starts on Thursday, December 3 at 15:05 (Europe/Athens).',
      el: 'Η ώρα μελέτης σου ξεκινά την Πέμπτη 3 Δεκεμβρίου στις 15:05 (Europe/Athens).',
      es: 'Tu sesión de estudio empieza el jueves, 3 de diciembre a las 15:05 (Europe/Athens).',
      fr: 'Ta séance de révision commence le jeudi 3 décembre à 15:05 (Europe/Athens).',
      de: 'Deine Lerneinheit beginnt am Donnerstag, 3. Dezember um 15:05 Uhr (Europe/Athens).',
    };
    for (const [language, subject] of Object.entries(subjects)) {
      const mail = reminderEmail(input(language));
      expect(mail.subject, language).toBe(subject);
      expect(mail.text, language).toContain(intros[language as keyof typeof intros]);
      expect(mail.text, language).toContain('https://study.example.org/topic/7/detail');
      expect(mail.text, language).toContain('https://study.example.org/unsubscribe?token=abc.def');
      expect(mail.html, language).toContain(`<html lang="${language}">`);
    }
  });

  it('reads the time in the student’s zone, and falls back to English and UTC', () => {
    expect(formatStart(START, 'en', 'America/New_York').time).toBe('08:05');
    expect(formatStart('2026-12-03T23:30:00.000Z', 'en', 'Asia/Tokyo')).toEqual({
      date: 'Friday, December 4',
      time: '08:30',
      zone: 'Asia/Tokyo',
    });
    const unknown = reminderEmail(input('pt', 'Mars/Olympus'));
    expect(unknown.subject).toBe('Reminder: Calculus: Derivatives at 13:05');
    expect(unknown.text).toContain('(UTC)');
  });

  it('names the session when it has no topic', () => {
    const mail = reminderEmail({ ...input('en'), topicName: null, title: 'Catch up' });
    expect(mail.subject).toBe('Reminder: Calculus: Catch up at 15:05');
    expect(mail.text).not.toContain('Topic:');
    expect(mail.text).toContain('Session: Catch up');
  });

  it('escapes every value in the HTML, and keeps the subject on one line', () => {
    const mail = reminderEmail({
      ...input('en'),
      firstName: '<script>x</script>',
      subjectName: 'A & B',
      topicName: 'x"><img src=y>\r\nBcc: eve@example.com',
      lessonUrl: 'https://study.example.org/topic/1/detail?a="b"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('href="https://study.example.org/topic/1/detail?a=&quot;b&quot;"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });
});
