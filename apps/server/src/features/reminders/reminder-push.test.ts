import { describe, expect, it } from 'vitest';
import { reminderPush } from './reminder-push.js';

const input = {
  language: 'en',
  timeZone: 'Europe/Athens',
  subjectName: 'Calculus',
  topicName: 'Limits',
  title: 'Practice',
  // 16:05 in Athens (UTC+3 in summer).
  startsAt: '2026-06-10T13:05:00.000Z',
  lessonUrl: 'https://study.example.org/topic/7/detail',
};

describe('reminderPush', () => {
  it('writes the title and the start in each language, informally, on a 24-hour clock in the zone', () => {
    const said = (language: string) => {
      const m = reminderPush({ ...input, language });
      return [m.title, m.body];
    };
    expect(said('en')).toEqual(['Your study session starts soon', 'At 16:05: Calculus: Limits']);
    expect(said('el')).toEqual([
      'Η ώρα μελέτης σου ξεκινά σε λίγο',
      'Στις 16:05: Calculus: Limits',
    ]);
    expect(said('es')).toEqual([
      'Tu sesión de estudio empieza pronto',
      'A las 16:05: Calculus: Limits',
    ]);
    expect(said('fr')).toEqual([
      'Ta séance de révision commence bientôt',
      'À 16:05 : Calculus: Limits',
    ]);
    expect(said('de')).toEqual([
      'Deine Lerneinheit beginnt gleich',
      'Um 16:05 Uhr: Calculus: Limits',
    ]);
    // Any other language is English; an unknown zone is UTC.
    expect(reminderPush({ ...input, language: 'it', timeZone: 'Mars/Olympus' }).body).toBe(
      'At 13:05: Calculus: Limits',
    );
  });

  it('carries the lesson link and the start, names the session without a topic, and stays short', () => {
    const m = reminderPush({ ...input, topicName: null, subjectName: 'Σ'.repeat(200) });
    expect(m).toEqual({
      title: 'Your study session starts soon',
      body: `At 16:05: ${'Σ'.repeat(119)}…: Practice`,
      url: input.lessonUrl,
      startsAt: input.startsAt,
    });
    const longest = reminderPush({
      ...input,
      language: 'el',
      subjectName: 'Σ'.repeat(200),
      topicName: 'Ω'.repeat(200),
    });
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeLessThan(2048);
  });
});
