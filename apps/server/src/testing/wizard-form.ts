import { multipart } from './multipart.js';

const DAY = 86_400_000;

/** A date `offset` days from today, YYYY-MM-DD. */
export const isoDay = (offset: number) =>
  new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Free from 08:00 to 22:00, as the availability step's hour slots. */
export const free = Array.from({ length: 24 }, (_, h) => h >= 8 && h < 22);

/** A valid wizard request: two subjects over four weeks, free 08:00-22:00 daily. */
export function wizard(overrides: Record<string, unknown> = {}) {
  const period = { start: isoDay(1), end: isoDay(28) };
  return {
    period,
    availability: Array.from({ length: 7 }, (_, day) => ({
      day,
      enabled: true,
      hours: 3,
      startTime: '16:00',
      endTime: '21:00',
      slots: free,
    })),
    subjects: [
      {
        name: 'Organic Chemistry',
        keyTopics: 'Alkanes and alkenes\nReaction mechanisms\nStereochemistry and chirality',
        deadline: isoDay(20),
        priority: 2,
        subjectIndex: 0,
      },
      {
        name: 'Physics',
        keyTopics:
          'Newtonian mechanics, energy conservation, momentum and collisions in one and two dimensions',
        subjectIndex: 1,
      },
    ],
    preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
    ...overrides,
  };
}

/** The wizard's multipart body, with files per subject field; `extra` may set the language. */
export function form(
  w: ReturnType<typeof wizard>,
  files: { field: string; filename: string; content: Buffer | string }[] = [],
  extra: { name: string; content: string }[] = [],
) {
  return multipart([
    // Of fields sent twice the last counts: an extra `language` overrides this one.
    { name: 'language', content: 'en' },
    ...extra,
    { name: 'period', content: JSON.stringify(w.period) },
    { name: 'availability', content: JSON.stringify(w.availability) },
    { name: 'subjects', content: JSON.stringify(w.subjects) },
    { name: 'preferences', content: JSON.stringify(w.preferences) },
    { name: 'timeZone', content: 'Europe/Athens' },
    ...files.map((f) => ({ name: f.field, filename: f.filename, content: f.content })),
  ]);
}
