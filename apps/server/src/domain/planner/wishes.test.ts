import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fastest, LIMIT_MS } from '../../testing/timing.js';
import { parseWishes, type Wishes } from './wishes.js';

describe('parseWishes', () => {
  it('blocks single weekdays, weekends and lists of days', () => {
    expect(parseWishes('No Sundays').blockedDays).toEqual([6]);
    expect(parseWishes('no weekends').blockedDays).toEqual([5, 6]);
    expect(parseWishes('not on Mondays or Wednesdays').blockedDays).toEqual([0, 2]);
    expect(parseWishes('NO SATURDAYS AND SUNDAYS').blockedDays).toEqual([5, 6]);
    expect(parseWishes('no friday').blockedDays).toEqual([4]);
  });

  it('reads time bounds in 24-hour and am/pm forms', () => {
    expect(parseWishes('not after 21:00').notAfter).toBe(21 * 60);
    expect(parseWishes('Not before 9:30').notBefore).toBe(9 * 60 + 30);
    expect(parseWishes('no study after 9pm').notAfter).toBe(21 * 60);
    expect(parseWishes('not before 7 am').notBefore).toBe(7 * 60);
  });

  it('reads a daily cap and a part of the day', () => {
    expect(parseWishes('max 3 hours a day').maxHours).toBe(3);
    expect(parseWishes('at most 2.5 h per day').maxHours).toBe(2.5);
    expect(parseWishes('Mornings please').partOfDay).toBe('morning');
    expect(parseWishes('I prefer evenings').partOfDay).toBe('evening');
    expect(parseWishes('afternoons').partOfDay).toBe('afternoon');
  });

  it('echoes what it does not understand and keeps the rest', () => {
    const w = parseWishes('no Sundays, I like turtles; max 4 hours a day. Study with Anna');
    expect(w.blockedDays).toEqual([6]);
    expect(w.maxHours).toBe(4);
    expect(w.notUnderstood).toEqual(['I like turtles', 'Study with Anna']);
    expect(w.applied.map((n) => [n.code, n.params])).toEqual([
      ['wish_no_study_days', { weekdays: [6] }],
      ['wish_max_hours', { maxHours: 4 }],
    ]);
    expect(w.applied.map((n) => n.message)).toEqual([
      'Applied your wish: no study on Sundays.',
      'Applied your wish: at most 4 h a day.',
    ]);
  });

  it('never reads an hours limit on some days as those days blocked', () => {
    // The planner caps every day alike; a per-day cap is echoed back, the days stay free.
    for (const wish of [
      'no more than 2 hours on Sundays',
      'not more than 1.5h on weekdays',
      'nicht mehr als 2 Stunden sonntags',
      'pas plus de 2 heures le dimanche',
      'no más de 2 horas los domingos',
      'όχι πάνω από 2 ώρες τις Κυριακές',
    ]) {
      const w = parseWishes(wish);
      expect(w.blockedDays, wish).toEqual([]);
      expect(
        w.applied.map((n) => n.code),
        wish,
      ).not.toContain('wish_no_study_days');
    }
    expect(parseWishes('no more than 2 hours on Sundays').notUnderstood).toEqual([
      'no more than 2 hours on Sundays',
    ]);
  });

  it('understands nothing in an empty text', () => {
    const w = parseWishes('   ');
    expect(w.applied).toEqual([]);
    expect(w.notUnderstood).toEqual([]);
  });

  it('reads a long run of spaces in linear time', () => {
    // Ten times the longest wishes the API accepts, in the shapes that made the old time and
    // cap regexes backtrack quadratically (1.5 s each).
    const gap = '\t'.repeat(20_000);
    const ms = fastest(() => {
      expect(parseWishes(`no\t${gap}\t0:no\tpast 0`).notAfter).toBe(0);
      expect(parseWishes(`no ${gap}\t0`).applied).toEqual([]);
      expect(parseWishes(`max\t0h\t${gap}/max 0hday`).maxHours).toBe(0);
    });
    console.log(`parseWishes, three runs of 20,000 tabs: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

type Read = Partial<
  Pick<Wishes, 'blockedDays' | 'notBefore' | 'notAfter' | 'maxHours' | 'partOfDay'>
>;

/** What a wish sets, leaving out what it leaves unset. */
function read(text: string): Read {
  const w = parseWishes(text);
  const out: Read = {};
  if (w.blockedDays.length > 0) out.blockedDays = w.blockedDays;
  if (w.notBefore !== undefined) out.notBefore = w.notBefore;
  if (w.notAfter !== undefined) out.notAfter = w.notAfter;
  if (w.maxHours !== undefined) out.maxHours = w.maxHours;
  if (w.partOfDay !== undefined) out.partOfDay = w.partOfDay;
  return out;
}

const WEEKDAYS = [0, 1, 2, 3, 4];
const h = (hour: number, minute = 0) => hour * 60 + minute;

// One case per wish kind and language: [language, kind, wish, what it sets].
const CASES: Array<[string, string, string, Read]> = [
  ['el', 'a weekday', 'όχι Κυριακές', { blockedDays: [6] }],
  ['el', 'a weekday without accents', 'οχι κυριακη', { blockedDays: [6] }],
  ['el', 'a day off', 'ελεύθερη την Τετάρτη', { blockedDays: [2] }],
  ['el', 'two days', 'χωρίς Σάββατα και Κυριακές', { blockedDays: [5, 6] }],
  ['el', 'the weekend', 'όχι Σαββατοκύριακα', { blockedDays: [5, 6] }],
  ['el', 'weekdays', 'όχι καθημερινές', { blockedDays: WEEKDAYS }],
  ['el', 'not before', 'όχι πριν τις 9', { notBefore: h(9) }],
  ['el', 'not after', 'όχι μετά τις 18:00', { notAfter: h(18) }],
  ['el', 'not after, 12-hour', 'όχι αργότερα από τις 8 το βράδυ', { notAfter: h(20) }],
  ['el', 'not after, μ.μ.', 'όχι μετά τις 8 μ.μ.', { notAfter: h(20) }],
  ['el', 'a daily cap', 'το πολύ 3 ώρες την ημέρα', { maxHours: 3 }],
  ['el', 'a daily cap, decimal comma', 'όχι πάνω από 2,5 ώρες τη μέρα', { maxHours: 2.5 }],
  ['el', 'mornings', 'προτιμώ πρωινά', { partOfDay: 'morning' }],
  ['el', 'afternoons', 'ΑΠΟΓΕΥΜΑΤΑ', { partOfDay: 'afternoon' }],
  ['el', 'evenings', 'καλύτερα το βράδυ', { partOfDay: 'evening' }],

  ['es', 'a weekday', 'no los domingos', { blockedDays: [6] }],
  ['es', 'a weekday without accents', 'sin sabados', { blockedDays: [5] }],
  ['es', 'a day off', 'miércoles libre', { blockedDays: [2] }],
  ['es', 'two days', 'ni sábados ni domingos', { blockedDays: [5, 6] }],
  ['es', 'the weekend', 'no los fines de semana', { blockedDays: [5, 6] }],
  ['es', 'weekdays', 'nada entre semana', { blockedDays: WEEKDAYS }],
  ['es', 'not before', 'no antes de las 9', { notBefore: h(9) }],
  ['es', 'not after', 'no después de las 18:00', { notAfter: h(18) }],
  ['es', 'not after, 12-hour', 'no más tarde de las 8 de la tarde', { notAfter: h(20) }],
  ['es', 'a daily cap', 'máximo 3 horas al día', { maxHours: 3 }],
  ['es', 'a daily cap, decimal comma', 'no más de 2,5 horas por día', { maxHours: 2.5 }],
  ['es', 'mornings', 'de preferencia por la mañana', { partOfDay: 'morning' }],
  ['es', 'afternoons', 'por las tardes', { partOfDay: 'afternoon' }],
  ['es', 'evenings', 'mejor de noche', { partOfDay: 'evening' }],

  ['fr', 'a weekday', 'pas le dimanche', { blockedDays: [6] }],
  ['fr', 'a weekday in the plural', 'jamais les lundis', { blockedDays: [0] }],
  ['fr', 'a day off', 'tous les jours sauf le mercredi', { blockedDays: [2] }],
  ['fr', 'two days', 'pas le samedi et le dimanche', { blockedDays: [5, 6] }],
  ['fr', 'the weekend', 'pas le week-end', { blockedDays: [5, 6] }],
  ['fr', 'weekdays', 'rien en semaine', { blockedDays: WEEKDAYS }],
  ['fr', 'not before', 'pas avant 9 h', { notBefore: h(9) }],
  ['fr', 'not after', 'pas après 18h30', { notAfter: h(18, 30) }],
  ['fr', 'not after, 12-hour', 'pas plus tard que 8 h du soir', { notAfter: h(20) }],
  ['fr', 'a daily cap', 'au plus 3 heures par jour', { maxHours: 3 }],
  ['fr', 'a daily cap, decimal comma', 'pas plus de 2,5 h par jour', { maxHours: 2.5 }],
  ['fr', 'mornings', 'plutôt le matin', { partOfDay: 'morning' }],
  ['fr', 'afternoons', "l'après-midi", { partOfDay: 'afternoon' }],
  ['fr', 'evenings', 'le soir de préférence', { partOfDay: 'evening' }],

  ['de', 'a weekday', 'keine Sonntage', { blockedDays: [6] }],
  ['de', 'a weekday after a preposition', 'nicht an Mittwochen', { blockedDays: [2] }],
  ['de', 'a day off', 'sonntags frei', { blockedDays: [6] }],
  ['de', 'two days', 'nicht am Samstag und Sonntag', { blockedDays: [5, 6] }],
  ['de', 'the weekend', 'kein Wochenende', { blockedDays: [5, 6] }],
  ['de', 'weekdays', 'nicht unter der Woche', { blockedDays: WEEKDAYS }],
  ['de', 'not before', 'nicht vor 9', { notBefore: h(9) }],
  ['de', 'not after', 'nicht nach 18 Uhr', { notAfter: h(18) }],
  ['de', 'not after, 12-hour', 'nicht später als 8 Uhr abends', { notAfter: h(20) }],
  ['de', 'a daily cap', 'höchstens 3 Stunden am Tag', { maxHours: 3 }],
  ['de', 'a daily cap, decimal comma', 'maximal 2,5 Stunden pro Tag', { maxHours: 2.5 }],
  ['de', 'mornings', 'lieber morgens', { partOfDay: 'morning' }],
  ['de', 'afternoons', 'nachmittags', { partOfDay: 'afternoon' }],
  ['de', 'evenings', 'am liebsten abends', { partOfDay: 'evening' }],
];

// The same four wishes in every language give the same notices.
const ALL_KINDS: Record<string, string> = {
  en: 'no Sundays, not before 9, not after 18:00, max 3 hours a day, prefer mornings',
  el: 'όχι Κυριακές, όχι πριν τις 9, όχι μετά τις 18:00, το πολύ 3 ώρες την ημέρα, προτιμώ πρωινά',
  es: 'no los domingos, no antes de las 9, no después de las 18 h, máximo 3 horas al día, de preferencia por la mañana',
  fr: 'pas le dimanche, pas avant 9 h, pas après 18 h, au plus 3 heures par jour, plutôt le matin',
  de: 'keine Sonntage, nicht vor 9, nicht nach 18 Uhr, höchstens 3 Stunden am Tag, lieber morgens',
};

const I18N = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/public/assets/i18n');

/** The example wishes the wizard shows students in a language, and its hint text. */
function wizardExamples(language: string): { placeholder: string; hint: string } {
  const t = JSON.parse(readFileSync(join(I18N, `${language}.json`), 'utf8'));
  const p = t.smartScheduler.wizard.preferences;
  return { placeholder: p.extraWishesPlaceholder, hint: p.extraWishesHint };
}

describe('parseWishes in Greek, Spanish, French and German', () => {
  it.each(CASES)('%s: reads %s (%s)', (_language, _kind, wish, expected) => {
    expect(read(wish)).toEqual(expected);
    expect(parseWishes(wish).notUnderstood).toEqual([]);
  });

  it.each(Object.keys(ALL_KINDS))('gives the English notices for the same wishes in %s', (l) => {
    const notices = (text: string) => parseWishes(text).applied.map((n) => [n.code, n.params]);
    expect(parseWishes(ALL_KINDS[l] as string).notUnderstood).toEqual([]);
    expect(notices(ALL_KINDS[l] as string)).toEqual(notices(ALL_KINDS.en as string));
  });

  it.each(['en', 'el', 'es', 'fr', 'de'])(
    'understands every example the wizard shows in %s',
    (language) => {
      const { placeholder, hint } = wizardExamples(language);
      expect(hint).toContain(placeholder);
      const w = parseWishes(placeholder);
      expect(w.notUnderstood).toEqual([]);
      expect(read(placeholder)).toEqual({ blockedDays: [6], partOfDay: 'morning' });
    },
  );

  it('reads wishes in any language whatever the others in the text', () => {
    expect(read('keine Sonntage; pas après 20 h, but mornings')).toEqual({
      blockedDays: [6],
      notAfter: h(20),
      partOfDay: 'morning',
    });
  });

  it('splits clauses at joining words but keeps lists of days together', () => {
    const w = parseWishes('no los domingos y no después de las 20 h pero por la mañana');
    expect(read('no los domingos y no después de las 20 h pero por la mañana')).toEqual({
      blockedDays: [6],
      notAfter: h(20),
      partOfDay: 'morning',
    });
    expect(w.notUnderstood).toEqual([]);
    expect(parseWishes('όχι Σάββατο και την Κυριακή').blockedDays).toEqual([5, 6]);
    expect(parseWishes('keine Sonntage und vormittags').partOfDay).toBe('morning');
  });

  it('does not take "more than" or a positive "after" for a limit', () => {
    expect(parseWishes('plus de 3 heures par jour').notUnderstood).toEqual([
      'plus de 3 heures par jour',
    ]);
    expect(parseWishes('estudiar después de las 20').notUnderstood).toEqual([
      'estudiar después de las 20',
    ]);
    expect(read('nicht morgens')).toEqual({});
  });

  it('takes no English day name out of another language', () => {
    // "mon" is French "my", not Monday, and "pas" no English negation.
    expect(parseWishes('pas pendant mon cours de danse').notUnderstood).toEqual([
      'pas pendant mon cours de danse',
    ]);
    expect(read('pas le weekend')).toEqual({ blockedDays: [5, 6] });
  });

  it('echoes what it does not understand, as written', () => {
    const w = parseWishes('pas le dimanche, avec Anna; Lernen mit Musik');
    expect(w.blockedDays).toEqual([6]);
    expect(w.notUnderstood).toEqual(['avec Anna', 'Lernen mit Musik']);
  });

  it('rejects times and caps out of range', () => {
    expect(parseWishes('nicht nach 25 Uhr').notUnderstood).toEqual(['nicht nach 25 Uhr']);
    expect(parseWishes('όχι μετά τις 13 μ.μ.').notAfter).toBeUndefined();
    expect(parseWishes('máximo 30 horas al día').maxHours).toBeUndefined();
  });

  it('reads long runs of filler words in linear time', () => {
    // Ten times the longest wishes the API accepts (18,000 characters each), between a word
    // and the words it needs.
    const run = (word: string, n = 6_000) => ` ${word}`.repeat(n);
    const ms = fastest(() => {
      expect(parseWishes(`nicht nach${run('de')} 9`).notAfter).toBe(h(9));
      expect(parseWishes(`sin domingo y${run('la')} y la`).blockedDays).toEqual([6]);
      expect(parseWishes(`max${run('de', 3_000)} 3 h${run('la', 3_000)} jour`).maxHours).toBe(3);
    });
    console.log(`parseWishes, three runs of 6,000 filler words: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});
