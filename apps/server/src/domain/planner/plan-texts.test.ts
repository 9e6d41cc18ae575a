import { describe, expect, it } from 'vitest';
import { PLAN_TEXTS, planTexts } from './plan-texts.js';

type Entry = [path: string, value: unknown];

/** Every leaf of a texts object, by its path ("focus.learn"). */
function leaves(value: unknown, path = ''): Entry[] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}

/** What a text function is called with, by path; each string must show up in its output. */
const ARGS: Record<string, unknown[]> = {
  'focus.continue': ['«A»', 3],
  'focus.mix': [['«A»', '«B»']],
  'plan.summary': [{ subjects: 2, topics: 5, hours: 7.5, start: '«A»', end: '«B»' }],
  // The start only decides whether the end's year is shown; an unreadable end is kept as it is.
  'plan.name': [['«A»', '«B»'], '2026-03-02', '«C»'],
};
/** Arguments that decide the wording without being written into it. */
const UNSHOWN = new Set(['2026-03-02']);
const argsOf = (path: string, arity: number) =>
  ARGS[path] ?? Array.from({ length: arity }, (_, i) => `«${'ABC'[i]}»`);

const english = new Map(leaves(PLAN_TEXTS.en));

describe('the planner’s texts', () => {
  it('has every text in every language, of the same kind as the English one', () => {
    for (const [language, texts] of Object.entries(PLAN_TEXTS)) {
      const own = new Map(leaves(texts));
      expect([...own.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [path, value] of own)
        expect(typeof value, `${language} ${path}`).toBe(typeof english.get(path));
    }
  });

  it('writes what a text is given into it, in every language, not in English', () => {
    for (const [language, texts] of Object.entries(PLAN_TEXTS))
      for (const [path, value] of leaves(texts)) {
        const where = `${language} ${path}`;
        const out =
          typeof value === 'function'
            ? String((value as (...a: unknown[]) => unknown)(...argsOf(path, value.length)))
            : String(value);
        expect(out.trim().length, where).toBeGreaterThan(0);
        for (const arg of argsOf(path, typeof value === 'function' ? value.length : 0).flat())
          if (typeof arg === 'string' && !UNSHOWN.has(arg)) expect(out, where).toContain(arg);
        if (language === 'en') continue;
        const en = english.get(path);
        const enOut =
          typeof en === 'function'
            ? String((en as (...a: unknown[]) => unknown)(...argsOf(path, en.length)))
            : String(en);
        expect(out, where).not.toBe(enOut);
      }
  });

  it('writes hours with the language’s decimal mark and falls back to English', () => {
    const facts = { subjects: 1, topics: 3, hours: 7.5, start: '2026-03-02', end: '2026-03-29' };
    expect(PLAN_TEXTS.en.plan.summary(facts)).toBe(
      '1 subject(s), 3 topic(s) and 7.5 h of study planned from 2026-03-02 to 2026-03-29.',
    );
    expect(PLAN_TEXTS.de.plan.summary(facts)).toBe(
      'Plan vom 2026-03-02 bis 2026-03-29: 1 Fach, 3 Themen und 7,5 Std. Lernzeit.',
    );
    expect(planTexts(undefined)).toBe(PLAN_TEXTS.en);
  });

  it('names a plan by its subjects and last day, readably and in the language', () => {
    const two = ['Thermodynamics', 'Medieval History'];
    expect(PLAN_TEXTS.en.plan.name(two, '2026-11-25', '2026-12-28')).toBe(
      'Thermodynamics and Medieval History, until 28 Dec',
    );
    expect(PLAN_TEXTS.en.plan.name(['A', 'B', 'C'], '2026-11-25', '2026-12-28')).toBe(
      'A, B and C, until 28 Dec',
    );
    expect(PLAN_TEXTS.en.plan.name(['A', 'B', 'C', 'D', 'E'], '2026-11-25', '2026-12-28')).toBe(
      'A, B, C and 2 more, until 28 Dec',
    );
    expect(PLAN_TEXTS.en.plan.name(['Physics'], '2026-12-01', '2027-01-15')).toBe(
      'Physics, until 15 Jan 2027',
    );
    expect(PLAN_TEXTS.el.plan.name(two, '2026-11-25', '2026-12-28')).toBe(
      'Thermodynamics και Medieval History, έως 28 Δεκ',
    );
    expect(PLAN_TEXTS.de.plan.name(['A', 'B', 'C', 'D'], '2026-11-25', '2026-12-28')).toBe(
      'A, B, C und 1 weitere, bis 28. Dez.',
    );
    expect(PLAN_TEXTS.fr.plan.name(two, '2026-11-25', '2026-12-28')).toBe(
      'Thermodynamics et Medieval History, jusqu’au 28 déc.',
    );
  });
});
