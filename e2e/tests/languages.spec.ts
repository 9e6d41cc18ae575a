import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.js';
import { launchBrowser, newStudent, openPage } from '../support/browser.js';
import { login } from '../support/journeys.js';

type Tree = { [key: string]: string | Tree };
const i18nDir = join(import.meta.dirname, '../../apps/web/public/assets/i18n');
const load = (lang: string) =>
  JSON.parse(readFileSync(join(i18nDir, `${lang}.json`), 'utf8')) as Tree;

function flat(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flat(v, key)) out.set(kk, vv);
  }
  return out;
}

/** English strings of the app that the other language translates differently. */
function englishLeftIn(text: string, lang: string): string[] {
  const en = flat(load('en'));
  const other = flat(load(lang));
  const left: string[] = [];
  for (const [key, value] of en) {
    const plain = value.replace(/\{\{[^}]+\}\}/g, '').trim();
    // Short words ("OK", "Quiz") can be the same in both languages or part of other words.
    if (plain.length < 8 || plain.includes('<') || other.get(key) === value) continue;
    // A loanword the translation itself uses ('Hilfe und Support:') is not English left over.
    if ((other.get(key) ?? '').includes(plain)) continue;
    // Whole words only: Spanish 'Calendario' contains 'Calendar' but is not English left over.
    const escaped = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text)) {
      left.push(`${key}: ${plain}`);
    }
  }
  return left;
}

async function visibleText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  // biome-ignore lint/performance/useDomNodeTextContent: only what is rendered visibly counts here
  return page.evaluate(() => document.body.innerText);
}

describe('languages', () => {
  let browser: Browser;
  const student = newStudent('lang');

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = new ApiClient();
    await api.signUp(student);
    await api.post('/api/generic/CreateStudyProgram', { name: 'Finals' });
  });
  afterAll(async () => browser?.close());

  it('leaves no English on the dashboard and profile in Greek, Spanish, French and German', async () => {
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    const headings: Record<string, string> = {};
    for (const lang of ['el', 'es', 'fr', 'de']) {
      await page.goto('/profile');
      await page
        .locator('select')
        .filter({ has: page.locator(`option[value="${lang}"]`) })
        .first()
        .selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe(lang);
      const profile = await visibleText(page);
      expect(englishLeftIn(profile, lang), `English on the profile in ${lang}`).toEqual([]);
      await page.goto('/dashboard');
      await page.getByText('Finals').first().waitFor();
      const dashboard = await visibleText(page);
      expect(englishLeftIn(dashboard, lang), `English on the dashboard in ${lang}`).toEqual([]);
      headings[lang] = (await page.locator('h1').first().textContent()) ?? '';
    }
    // Each language really shows its own words.
    expect(new Set(Object.values(headings)).size).toBe(4);
    expect(headings.el).toBe(flat(load('el')).get('dashboard.title'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
