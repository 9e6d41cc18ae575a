import { describe, expect, it } from 'vitest';
import { BUILTIN_TEXTS } from './index.js';

type Entry = [path: string, value: unknown];

/** Every leaf of a texts object, by its path ("chat.noPlan"). */
function leaves(value: unknown, path = ''): Entry[] {
  if (value && typeof value === 'object' && !(value instanceof RegExp))
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}

const english = new Map(leaves(BUILTIN_TEXTS.en));
// Arguments a text function is called with; each must show up in what it returns.
const ARGS = ['«A»', '«B»', '«C»', '«D»'];

describe('the builtin engine’s texts', () => {
  it('has every text in every language, of the same kind as the English one', () => {
    for (const [language, texts] of Object.entries(BUILTIN_TEXTS)) {
      const own = new Map(leaves(texts));
      expect([...own.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [path, value] of own) {
        const en = english.get(path);
        const where = `${language} ${path}`;
        if (typeof en === 'string') {
          expect(typeof value, where).toBe('string');
          expect((value as string).trim().length, where).toBeGreaterThan(0);
        } else if (en instanceof RegExp) {
          expect(value, where).toBeInstanceOf(RegExp);
        } else {
          expect(typeof value, where).toBe('function');
        }
      }
    }
  });

  it('writes what a text is given into it, in every language', () => {
    for (const [language, texts] of Object.entries(BUILTIN_TEXTS))
      for (const [path, value] of leaves(texts)) {
        if (typeof value !== 'function') continue;
        const fn = value as (...args: unknown[]) => unknown;
        const args = Array.from({ length: fn.length }, (_, i) => ARGS[i]);
        const out = fn(...args);
        expect(typeof out, `${language} ${path}`).toBe('string');
        expect(String(out).toLowerCase(), `${language} ${path}`).toContain(
          String(args[0]).toLowerCase(),
        );
      }
  });

  it('says a translated text in its own words, not in English', () => {
    for (const [language, texts] of Object.entries(BUILTIN_TEXTS)) {
      if (language === 'en') continue;
      for (const [path, value] of leaves(texts))
        if (typeof value === 'string' && path !== 'locale' && value.length > 12)
          expect(value, `${language} ${path}`).not.toBe(english.get(path));
    }
  });
});
