import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnkiPackage } from '../../apps/server/src/adapters/anki/read-package.js';
import { studyCollection } from '../../apps/server/src/testing/anki/anki-fixtures.js';
import { buildAnkiPackage } from '../../apps/server/src/testing/anki/anki-package-builder.js';
import { ApiClient } from '../support/api.js';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { login, see } from '../support/journeys.js';
import { planWithTopic } from '../support/plans.js';

const NOTES = [
  'A cell is the basic unit of life.',
  'The mitochondrion is the organelle that releases energy for the cell.',
  'Ribosomes are the structures that build proteins.',
  'The nucleus is the organelle that holds the genetic material.',
  'A human body has about 37 trillion cells.',
  'Chloroplasts are the organelles where photosynthesis happens.',
].join(' ');

// Formulas given as what a term is: the cards ask them as formulas, rendered as in a lesson.
const FORMULAS = [
  'Momentum: $p = mv$, measured in kg m/s.',
  'Force: $F = ma$, measured in newtons.',
  'Kinetic energy: $E_k = \\frac{1}{2} m v^2$, measured in joules.',
  'Work: $W = F d$, measured in joules.',
  'Power: $P = \\frac{W}{t}$, measured in watts.',
];

describe('AI tools journey', () => {
  let browser: Browser;
  const student = newStudent('aitools');
  let lessonPath = '';
  let formulaPath = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = new ApiClient();
    await api.signUp(student);
    const { plan, topic } = await planWithTopic(api, {
      plan: 'Biology exam',
      subject: 'Biology',
      topic: 'Cells',
      deepDiveContent: `<p>${NOTES}</p>`,
    });
    lessonPath = `/lesson-detail/${plan.id}/Biology/Cells/${topic.lessonId}`;
    const physics = await api.post<{ id: number }>('/subjects', {
      studyPlanId: plan.id,
      name: 'Physics',
    });
    const mechanics = await api.post<{ lessonId: number }>('/topics', {
      subjectId: physics.id,
      name: 'Mechanics',
      deepDiveContent: FORMULAS.map((f) => `<p>${f}</p>`).join(''),
    });
    formulaPath = `/lesson-detail/${plan.id}/Physics/Mechanics/${mechanics.lessonId}`;
  });
  afterAll(async () => browser?.close());

  it('asks the assistant, rates two flashcards, takes a quiz and asks the lesson helper', async () => {
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');

    // The study assistant, from any logged-in screen. Its reply streams (Server-Sent Events);
    // the builtin engine writes it in one go, so the answer is held back here until the Stop
    // button has been seen.
    const streamed: { type: string; body: string }[] = [];
    let release: () => void = () => {};
    await page.route('**/ai/AiAssistance', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const response = await route.fetch();
      const body = await response.text();
      streamed.push({ type: response.headers()['content-type'] ?? '', body });
      await held;
      // A stopped request has gone: nothing to answer.
      await route.fulfill({ response, body }).catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Open the study assistant' }).click();
    const chat = page.getByRole('dialog', { name: 'Study assistant' });
    await chat.waitFor();
    const input = chat.getByRole('textbox', { name: 'Your message' });
    await input.fill('I feel stressed about exams');
    await chat.getByRole('button', { name: 'Send' }).click();
    const stop = chat.getByRole('button', { name: 'Stop' });
    await stop.waitFor();
    expect(await chat.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await expect.poll(() => streamed.length).toBe(1);
    expect(streamed[0]?.type).toMatch(/^text\/event-stream/);
    expect(streamed[0]?.body).toMatch(/^event: delta\ndata: \{"text":/);
    expect(streamed[0]?.body).toContain('\nevent: done\ndata: {"candidates":');
    release();
    await stop.waitFor({ state: 'hidden' });
    const log = chat.getByRole('log', { name: 'Conversation with the study assistant' });
    await expect
      .poll(async () => (await log.textContent())?.length ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(120);
    expect(await log.textContent()).toMatch(/stress/i);
    await chat.getByRole('button', { name: 'Send' }).waitFor();
    await expectAccessible(page, 'assistant');

    // Stopped before any word came: the Send button is back and no failure is shown.
    await input.fill('How do I plan my week?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => streamed.length).toBe(2);
    await stop.click();
    await chat.getByRole('button', { name: 'Send' }).waitFor();
    release();
    expect(
      await chat.getByText('Sorry, there was a problem contacting the AI agent.').count(),
    ).toBe(0);
    await page.unroute('**/ai/AiAssistance');
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });

    // Flashcards: generate, then rate two.
    await page.goto(lessonPath);
    await see(page, 'No reviews yet.');
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await page.getByRole('button', { name: 'Generate flashcards' }).click();
    await see(page, /Card 1 of \d+/);
    for (const rating of ['Good', 'Easy']) {
      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('button', { name: rating, exact: true }).click();
    }
    await see(page, /Card 3 of \d+|All caught up/);
    await expectAccessible(page, 'flashcards');

    // The subject's cards out as a CSV file: a header, then each card tagged with its place.
    await page.goto(
      lessonPath.replace(/^\/lesson-detail\/(\d+)\/Biology\/.*$/, '/study-plan/subject/$1/Biology'),
    );
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export cards (CSV)' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('Biology cards.csv');
    const csv = (await readFile((await file.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...cards] = csv.split('\r\n');
    expect(header).toBe('front,back,tags,due');
    expect(cards.length).toBeGreaterThan(1);
    for (const row of cards) expect(row).toMatch(/,Biology::Cells,\d{4}-\d\d-\d\dT/);
    await page.goto(lessonPath);

    // Quiz: answer every question with its first option, submit, see the score.
    await page.getByRole('tab', { name: 'Quiz' }).click();
    await page.getByRole('button', { name: 'Start a quiz' }).click();
    const questions = page.getByRole('group', { name: /^Question \d+ of \d+/ });
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await questions.nth(i).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await see(page, 'Your score');
    await see(page, new RegExp(`\\d+ of ${count} correct, \\d+%`));
    await expectAccessible(page, 'quiz result');

    // The lesson helper answers from the lesson and shows the passages it used.
    await page.getByRole('tab', { name: 'AI helper' }).click();
    await page
      .getByRole('textbox', { name: 'Your question about this lesson' })
      .fill('What do ribosomes do?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await see(page, 'Passages used');
    await see(page, /build proteins/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a formula as a formula on a flashcard, and applies one to numbers in the quiz', async () => {
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    await page.goto(formulaPath);
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await page.getByRole('button', { name: 'Generate flashcards' }).click();
    await see(page, /Card 1 of \d+/);
    await page.getByRole('button', { name: 'Show answer' }).click();
    const card = page.locator('.flashcard');
    await card.locator('.katex').first().waitFor();
    // KaTeX's visible part, never the source: no dollar signs, no \frac.
    const shown = (await card.locator('.flashcard__text').allInnerTexts()).join(' ');
    expect(shown).not.toMatch(/\$|\\frac/);
    await expectAccessible(page, 'flashcard with a formula');

    // The quiz applies a formula to numbers, rendered as in a lesson, with numbers as options.
    await page.getByRole('tab', { name: 'Quiz' }).click();
    await page.getByRole('button', { name: 'Start a quiz' }).click();
    const applied = page
      .getByRole('group', { name: /^Question \d+ of \d+/ })
      .filter({ hasText: /^.*Using/ })
      .first();
    await applied.locator('.katex').first().waitFor();
    // The visible text (KaTeX's MathML keeps the LaTeX source for screen readers).
    expect((await applied.allInnerTexts()).join(' ')).not.toMatch(/\$|\\frac/);
    const options = (await applied.locator('label').allInnerTexts()).map((o) => o.trim());
    expect(options).toHaveLength(4);
    for (const o of options) expect(o).toMatch(/^-?\d+(\.\d{1,2})?$/);
    await expectAccessible(page, 'quiz with a formula applied');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports an Anki package after its preview, reviews a due card of it and exports it back', async () => {
    const { page, errors, context } = await openPage(browser);
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/study-plan');
    await page.getByRole('link', { name: 'Import Anki decks' }).click();
    await page.waitForURL('**/study-plan/import');
    // A package as Anki 23.10+ writes it (zstd collection, protobuf media list), made here.
    const pkg = await buildAnkiPackage(studyCollection(new Date()), 'anki21b');
    await page.getByLabel('Anki package').setInputFiles({
      name: 'Biology and chemistry.apkg',
      mimeType: 'application/octet-stream',
      buffer: pkg,
    });
    await page.getByRole('button', { name: 'Read the package' }).click();
    const decks = page.getByRole('table', { name: 'Decks in the package' });
    await decks.waitFor();
    await see(page, 'Biology › Cells');
    await see(page, /sounds? (was|were) left out/);
    await expectAccessible(page, 'Anki preview');
    await page.getByLabel('Plan name').fill('From Anki');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await see(page, '11 cards imported.');
    await page.getByRole('link', { name: 'Open the plan' }).click();
    await page.waitForURL('**/study-plan/detail/*');
    const planId = /detail\/(\d+)/.exec(page.url())?.[1];

    // The imported deck's lesson: its new cards are due now; one is rated.
    const api = new ApiClient();
    await api.logIn(student.email, student.password);
    const subjects = await api.get<{ id: number; name: string }[]>(`/subjects?planId=${planId}`);
    const biology = subjects.find((x) => x.name === 'Biology');
    const topics = await api.get<{ name: string; lessonId: number | null }[]>(
      `/api/generic/GetTopicsBySubjectId/${biology?.id}`,
    );
    const lessonId = topics.find((x) => x.name === 'Cells')?.lessonId;
    await page.goto(`/lesson-detail/${planId}/Biology/Cells/${lessonId}`);
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await see(page, /Card 1 of \d+/);
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByRole('button', { name: 'Good', exact: true }).click();
    await see(page, /Card 2 of \d+|All caught up/);

    // Back out as an Anki package: the subject's decks, with the history carried in.
    await page.goto(`/study-plan/subject/${planId}/Biology`);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Anki (.apkg)' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('Biology.apkg');
    const back = await readAnkiPackage(
      await readFile((await file.path()) as string),
      'Biology.apkg',
    );
    expect(back.cards).toHaveLength(9);
    expect(back.cards.reduce((n, c) => n + c.reviews.length, 0)).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    await context.close();
  });
});
