import { describe, expect, it } from 'vitest';
import de from '../public/assets/i18n/de.json';
import el from '../public/assets/i18n/el.json';
import en from '../public/assets/i18n/en.json';
import es from '../public/assets/i18n/es.json';
import fr from '../public/assets/i18n/fr.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation file as "a.b.c" -> text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys whose text is legitimately the same word in that language. */
const sameAsEnglishAllowed: Record<string, readonly string[]> = {
  el: [],
  es: ['nav.blog'],
  fr: [
    'nav.blog',
    'plans.form.description',
    'reviews.form.ratingLabels.r5',
    'lessons.tools.quiz',
    'calendar.busy.kinds.sport',
    'notifications.bell.label',
    'notifications.panel.title',
    // "Classes" is the French word too.
    'nav.classes',
    'classes.title',
    // "Code" is the French word too.
    'auth.login.twoFactor.code',
  ],
  de: [
    'nav.blog',
    'plans.form.name',
    'calendars.name',
    'lessons.tools.quiz',
    'calendar.busy.kinds.sport',
    // "Code" is the German word too.
    'auth.login.twoFactor.code',
  ],
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);

/** Short or letter-free texts ("OK", "{{count}}") may coincide across languages by nature. */
function isNonTrivial(text: string): boolean {
  return text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '').length > 3;
}

/** Problems of one language file measured against English. */
function parityProblems(english: Tree, other: Tree, allowedSame: readonly string[] = []): string[] {
  const base = flatten(english);
  const target = flatten(other);
  const problems: string[] = [];
  for (const [key, text] of base) {
    const translated = target.get(key);
    if (translated === undefined) {
      problems.push(`missing key ${key}`);
      continue;
    }
    if (translated.trim() === '') problems.push(`empty text for ${key}`);
    if (translated === text && isNonTrivial(text) && !allowedSame.includes(key)) {
      problems.push(`untranslated (same as English) ${key}`);
    }
    if (placeholders(translated).sort().join() !== placeholders(text).sort().join()) {
      problems.push(`placeholders differ in ${key}`);
    }
  }
  for (const key of target.keys()) {
    if (!base.has(key)) problems.push(`extra key ${key} (not in en.json)`);
  }
  return problems;
}

const languages: Record<string, Tree> = { el, es, fr, de };

describe('i18n key parity', () => {
  for (const [code, file] of Object.entries(languages)) {
    it(`${code}.json has exactly the keys of en.json, all translated`, () => {
      expect(parityProblems(en, file, sameAsEnglishAllowed[code])).toEqual([]);
    });
  }

  it('reports a missing key, an extra key, an English copy and a lost placeholder', () => {
    const english: Tree = { a: { title: 'Your study plans', hello: 'Hi {{name}}' }, b: 'Close' };
    const broken: Tree = { a: { title: 'Your study plans', hello: 'Hola' }, c: 'Cerrar' };
    expect(parityProblems(english, broken)).toEqual([
      'untranslated (same as English) a.title',
      'placeholders differ in a.hello',
      'missing key b',
      'extra key c (not in en.json)',
    ]);
  });

  it('has a text for every error code the server can send', async () => {
    const { errorCodes } = await import('@studybuddy/contracts');
    const keys = flatten(en);
    for (const code of errorCodes) expect(keys.has(`errors.${code}`), code).toBe(true);
  });

  it('has a text for every notice code the server can send, in every language', async () => {
    const { noticeCodes } = await import('@studybuddy/contracts');
    const known = new Set<string>(noticeCodes);
    for (const [language, file] of Object.entries({ en, ...languages })) {
      const keys = flatten(file);
      for (const code of noticeCodes) {
        const key = `notices.${code}`;
        // A notice with a count has its plural forms instead of the plain key.
        const plural = keys.has(`${key}_other`);
        if (plural) {
          expect(keys.has(`${key}_one`), `${language} ${key}_one`).toBe(true);
          expect(keys.get(`${key}_other`), `${language} ${key}_other`).toContain('{{count}}');
        } else expect(keys.has(key), `${language} ${key}`).toBe(true);
      }
      for (const key of keys.keys()) {
        if (!key.startsWith('notices.')) continue;
        const code = key.slice('notices.'.length).replace(/_(one|other)$/, '');
        expect(known.has(code), `${language} ${key} names no notice code`).toBe(true);
      }
    }
  });
});
