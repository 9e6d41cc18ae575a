import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.js';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { login, see } from '../support/journeys.js';

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

const flatByLang = new Map<string, Map<string, string>>();
/** The flat translations of one language (read once). */
function strings(lang: string): Map<string, string> {
  let out = flatByLang.get(lang);
  if (!out) {
    out = flat(load(lang));
    flatByLang.set(lang, out);
  }
  return out;
}

/** The translation of `key` in `lang`, with its {{placeholders}} filled from `vars`. */
function tr(lang: string, key: string, vars: Record<string, string | number> = {}): string {
  const value = strings(lang).get(key);
  if (value === undefined) throw new Error(`${key} is missing from ${lang}.json`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => String(vars[name] ?? m));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label as the page shows it: the text, then perhaps a required-field mark. */
const labelRe = (s: string) => new RegExp(`^${escapeRe(s)}`);

/** Names of other products, the same in every language ("Google Calendar" is not English left over). */
const PRODUCT_NAMES = ['Google Calendar', 'Apple Calendar', 'Thunderbird'];

/** English strings of the app that the other language translates differently. */
function englishLeftIn(pageText: string, lang: string): string[] {
  const text = PRODUCT_NAMES.reduce((t, name) => t.replaceAll(name, ''), pageText);
  const en = strings('en');
  const other = strings(lang);
  const left: string[] = [];
  for (const [key, value] of en) {
    const plain = value.replace(/\{\{[^}]+\}\}/g, '').trim();
    // Short words ("OK", "Quiz") can be the same in both languages or part of other words.
    if (plain.length < 8 || plain.includes('<') || other.get(key) === value) continue;
    // A loanword the translation itself uses ('Hilfe und Support:') is not English left over.
    if ((other.get(key) ?? '').includes(plain)) continue;
    // Whole words only: Spanish 'Calendario' contains 'Calendar' but is not English left over.
    const escaped = escapeRe(plain);
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

const knowledgeBaseDir = join(
  import.meta.dirname,
  '../../apps/server/src/adapters/ai/knowledge-base',
);
/** The offline assistant's study and well-being guides in one language. */
const guides = (lang: string) =>
  (
    JSON.parse(readFileSync(join(knowledgeBaseDir, `${lang}.json`), 'utf8')) as {
      cards: { id: string; title: string; body: string }[];
    }
  ).cards;

const LANGUAGES = ['en', 'el', 'es', 'fr', 'de'] as const;
const W = 'smartScheduler.wizard';
const STEPS = ['period', 'availability', 'subjects', 'preferences'] as const;
const KEY_TOPICS_TOO_SHORT = 'Cells';

/** Shows the app in `lang` from the next load on (as the profile's select does), wizard reset. */
async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('selectedLanguage', l);
    sessionStorage.removeItem('smartSchedulerWizard');
  }, lang);
}

/** Waits for wizard step `n` (0-based) to show its heading in `lang`. */
async function atStep(page: Page, lang: string, n: number): Promise<void> {
  const title = tr(lang, `${W}.steps.${STEPS[n]}`);
  await page
    .getByRole('heading', {
      level: 2,
      exact: true,
      name: tr(lang, `${W}.stepHeading`, { number: n + 1, title }),
    })
    .waitFor();
}

const nextButton = (page: Page, lang: string) =>
  page.getByRole('button', { name: tr(lang, `${W}.next`), exact: true });

/**
 * Step 3: names the first subject and gives it key topics too short, presses Next and returns
 * the step's alert as shown, which names the subject by its number.
 */
async function tooShortKeyTopics(page: Page, lang: string, name: string): Promise<string> {
  await page.getByLabel(labelRe(tr(lang, `${W}.subjects.name`))).fill(name);
  await page.getByLabel(labelRe(tr(lang, `${W}.subjects.keyTopics`))).fill(KEY_TOPICS_TOO_SHORT);
  await nextButton(page, lang).click();
  const expected = tr(lang, `${W}.subjects.problem`, {
    number: 1,
    message: tr(lang, `${W}.errors.keyTopicsMin`),
  });
  await see(page, expected);
  return (await page.locator('.wizard-step__alert').textContent()) ?? '';
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

  // Sixteen page loads (four screens in four languages), each read whole: 39 s in a loaded run
  // on two cores, and past the default 60 s once in a full CI run (the accounts journey's
  // timeout was raised for the same reason). What it checks is unchanged.
  it('leaves no English on the dashboard, profile and calendar in Greek, Spanish, French and German', {
    timeout: 120_000,
  }, async () => {
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
      await page.goto('/calendar?view=month');
      await page.locator('.calendar[aria-busy="false"] .month-grid').waitFor();
      const month = await visibleText(page);
      expect(englishLeftIn(month, lang), `English on the month view in ${lang}`).toEqual([]);
      await page.getByRole('button', { name: tr(lang, 'calendar.view.week') }).click();
      await page.locator('.hour-grid').waitFor();
      const week = await visibleText(page);
      expect(englishLeftIn(week, lang), `English on the calendar in ${lang}`).toEqual([]);
    }
    // Each language really shows its own words.
    expect(new Set(Object.values(headings)).size).toBe(4);
    expect(headings.el).toBe(flat(load('el')).get('dashboard.title'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks the smart scheduler in Greek, from the first step to the accepted plan', async () => {
    const lang = 'el';
    const greek = newStudent('wizel');
    await new ApiClient().signUp(greek);
    const { page, errors, context } = await openPage(browser);
    await login(page, greek.email, greek.password);
    await page.waitForURL('**/dashboard');
    await useLanguage(page, lang);
    await page.reload();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page
      .getByRole('link', { name: tr(lang, 'dashboard.smartScheduler') })
      .first()
      .click();
    await page.waitForURL('**/smart-scheduler/setup');
    const noEnglish = async (where: string) =>
      expect(englishLeftIn(await visibleText(page), lang), `English on ${where}`).toEqual([]);

    for (const n of [0, 1, 2]) {
      await atStep(page, lang, n);
      await noEnglish(`wizard step ${n + 1}`);
      if (n < 2) await nextButton(page, lang).click();
    }
    // What the student types is Greek too, so any Latin word on the review is the app's.
    const subject = 'Βιολογία';
    const alert = await tooShortKeyTopics(page, lang, subject);
    expect(alert).toBe(
      tr(lang, `${W}.subjects.problem`, {
        number: 1,
        message: tr(lang, `${W}.errors.keyTopicsMin`),
      }),
    );
    await noEnglish('wizard step 3 with its problem');
    await page
      .getByLabel(labelRe(tr(lang, `${W}.subjects.keyTopics`)))
      .fill('Το κύτταρο και τα οργανίδιά του\nΣύνθεση πρωτεϊνών\nΜεταφορά μέσα από τη μεμβράνη');
    await expect.poll(() => page.locator('.wizard-step__alert').textContent()).toBe('');
    await nextButton(page, lang).click();
    await atStep(page, lang, 3);
    await page
      .getByLabel(labelRe(tr(lang, `${W}.preferences.extraWishes`)))
      .fill(tr(lang, `${W}.preferences.extraWishesPlaceholder`));
    await noEnglish('wizard step 4');
    await page.getByRole('button', { name: tr(lang, `${W}.generate`), exact: true }).click();
    await page.waitForURL('**/smart-scheduler/review?planId=*', { timeout: 30_000 });
    await see(page, tr(lang, 'smartScheduler.review.title'));
    await see(page, tr(lang, 'smartScheduler.review.summaryTitle'));
    // The proposal opens as weeks; open each week's sessions to read them all.
    const closed = page.locator('.proposal-week__toggle[aria-expanded="false"]');
    for (let n = await closed.count(); n > 0; n--) await closed.first().click();
    await page.locator('.review-block').first().waitFor();
    await noEnglish('the review');
    const titles = await page.locator('.review-block__title').allInnerTexts();
    const focus = await page.locator('.review-block__list li').allInnerTexts();
    // The plan's own words (session focus points, the general-study title) are Greek as well.
    expect(titles.length).toBeGreaterThan(0);
    expect(focus.length).toBeGreaterThan(0);
    const latin = [...titles, ...focus].filter((t) => /\p{Script=Latin}{2,}/u.test(t));
    expect(latin, 'Latin-script words in the sessions of a Greek plan').toEqual([]);
    // The Greek wish ("no Sundays, mornings", as el.json's placeholder words it) was understood.
    const sunday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 7)),
    );
    const days = await page.locator('.review-day__title').allInnerTexts();
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((d) => d.startsWith(sunday))).toEqual([]);

    await page
      .getByRole('button', { name: tr(lang, 'smartScheduler.review.accept'), exact: true })
      .click();
    await see(page, tr(lang, 'smartScheduler.review.accepted'));
    await noEnglish('the accepted notice');
    await page.getByRole('button', { name: tr(lang, 'common.ok'), exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps every step of the wizard accessible, and free of English, in every language', async () => {
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    for (const lang of LANGUAGES) {
      await useLanguage(page, lang);
      await page.goto('/smart-scheduler/setup');
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      const check = async (where: string) => {
        await expectAccessible(page, `${where} in ${lang}`);
        if (lang === 'en') return;
        // biome-ignore lint/performance/useDomNodeTextContent: only what is rendered visibly counts here
        const text = await page.evaluate(() => document.body.innerText);
        expect(englishLeftIn(text, lang), `English on ${where} in ${lang}`).toEqual([]);
      };
      for (const n of [0, 1]) {
        await atStep(page, lang, n);
        await check(`wizard step ${n + 1}`);
        await nextButton(page, lang).click();
      }
      // Step 3 is checked once, in its problem state: the same controls plus the messages.
      await atStep(page, lang, 2);
      await tooShortKeyTopics(page, lang, 'Biology');
      await check('wizard step 3 with its problem');
      await page
        .getByLabel(labelRe(tr(lang, `${W}.subjects.keyTopics`)))
        .fill('Cells and organelles\nProtein synthesis\nTransport across the membrane');
      await nextButton(page, lang).click();
      await atStep(page, lang, 3);
      await check('wizard step 4');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has the offline assistant answer a Spanish study question in Spanish', async () => {
    const lang = 'es';
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    await useLanguage(page, lang);
    await page.reload();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.getByRole('button', { name: tr(lang, 'assistant.open') }).click();
    const chat = page.getByRole('dialog', { name: tr(lang, 'assistant.title') });
    await chat.waitFor();
    await chat
      .getByRole('textbox', { name: tr(lang, 'assistant.inputLabel') })
      .fill('¿Cómo puedo prepararme para un examen?');
    await chat.getByRole('button', { name: tr(lang, 'assistant.send'), exact: true }).click();
    const reply = chat.locator('.assistant__message--agent').last();
    await reply.waitFor({ timeout: 15_000 });
    const text = (await reply.textContent()) ?? '';
    // One of the engine's Spanish guides, as its knowledge base words it, and not the English one.
    const card = guides('es').find((c) => text.includes(c.title));
    expect(card, `a guide of knowledge-base/es.json in the reply: ${text}`).toBeDefined();
    const opening = (card?.body.split('\n')[0] ?? '').replace(/^- /, '').replaceAll('**', '');
    expect(text).toContain(opening);
    const english = guides('en').find((c) => c.id === card?.id);
    expect(english && text.includes(english.title)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
