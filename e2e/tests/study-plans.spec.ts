import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { register, see } from '../support/journeys.js';

describe('study plans journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('builds a plan with subjects and topics, reads a lesson with math, schedules a session and deletes the plan', async () => {
    const { page, errors, context } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await register(page, newStudent('plans'));
    await page.waitForURL('**/dashboard');

    // Create a plan.
    await page.goto('/study-plan/create');
    await page.getByLabel(/^Name/).fill('Winter finals');
    await page.getByLabel('Description').fill('Everything before January');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/study-plan/detail/*');
    await see(page, 'Subjects');

    // Add a subject and open it.
    await page.getByLabel('Subject name').fill('Calculus');
    await page.getByRole('button', { name: 'Add subject' }).click();
    await see(page, 'Subject "Calculus" added.');
    await expectAccessible(page, 'plan detail');
    await page
      .getByRole('link', { name: /View Topics/ })
      .first()
      .click();
    await page.waitForURL('**/Calculus');
    await see(page, 'No topics found for this subject.');

    // Give the subject its own exam day and a high priority; both are shown after a reload.
    await page.getByRole('button', { name: 'Change exam day and priority' }).click();
    // The plan has no deadline, so the subject starts with no exam.
    await page.getByLabel('No exam').uncheck();
    await page.getByLabel('Exam day', { exact: true }).fill('2031-06-12');
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Exam day and priority saved.');
    await page.reload();
    await see(page, 'June 12, 2031');
    await see(page, 'High');

    // Add two topics; one with a formula in its notes and HTML in its name.
    await page.getByLabel('Topic name').fill('Derivatives');
    await page
      .getByLabel(/Notes or content/)
      .fill("The derivative of $f(x) = x^2$ is $f'(x) = 2x$. It measures the rate of change.");
    await page.getByRole('button', { name: 'Add topic' }).click();
    await see(page, 'Topic "Derivatives" added with its lesson.');
    await page.getByLabel('Topic name').fill('<b>Limits</b>');
    await page.getByRole('button', { name: 'Add topic' }).click();
    await see(page, 'Total topics: 2');
    expect(await page.locator('b', { hasText: 'Limits' }).count()).toBe(0);
    await expectAccessible(page, 'subject');

    // Tick a topic as completed; it stays ticked after a reload.
    const done = page.getByRole('checkbox', { name: /Derivatives/ });
    await done.click();
    await expect.poll(() => done.isChecked()).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: /Derivatives/ }).isChecked())
      .toBe(true);

    // The topic's deep dive.
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click();
    await see(page, 'rate of change');
    await page.getByRole('link', { name: 'Back to Topics' }).click();

    // The lesson renders its math with KaTeX; post a review.
    await page
      .getByRole('link', { name: /View Lesson/ })
      .first()
      .click();
    await page.waitForURL('**/lesson-detail/**');
    await page.locator('.katex').first().waitFor();
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    await see(page, 'No reviews yet.');
    await page.getByLabel('Comment').fill('Clear and short.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await see(page, 'Review submitted!');
    await see(page, 'Clear and short.');
    await see(page, /By User #\d+/);
    await expectAccessible(page, 'lesson');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/Calculus');

    // Schedule a session from the calendar's plus button on Wednesday.
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await see(page, 'Weekly Plan (Sun-Sat)');
    await expectAccessible(page, 'calendar');
    await page.getByRole('link', { name: 'Schedule new session on Wednesday' }).click();
    await page.waitForURL('**/scheduled-session?**');
    await page.getByLabel(/^Study plan/).selectOption({ label: 'Winter finals' });
    await page.getByLabel(/^Subject/).selectOption({ label: 'Calculus' });
    await page.getByLabel(/^Topic/).selectOption({ label: 'Derivatives' });
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Derivatives');
    await page.getByLabel('Notes').fill('Chapter 3 exercises');
    await expectAccessible(page, 'session form');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/calendar**');
    const wednesday = page.locator('.day-tile').nth(3);
    await wednesday.getByText('Derivatives').first().waitFor();
    expect(await wednesday.textContent()).toMatch(
      /17:00[\s\S]*18:00[\s\S]*Calculus[\s\S]*Derivatives[\s\S]*Chapter 3 exercises/,
    );
    const range = await page.locator('.calendar__range').textContent();

    // Move a week on and back.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => page.locator('.calendar__range').textContent()).not.toBe(range);
    expect(await page.locator('.day-tile').nth(3).getByText('Derivatives').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => page.locator('.calendar__range').textContent()).toBe(range);
    await page.locator('.day-tile').nth(3).getByText('Derivatives').first().waitFor();

    // Delete the plan from the dashboard: confirmation, success alert, gone, and its session too.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await see(page, 'Winter finals');
    await page
      .getByRole('button', { name: /Delete/ })
      .first()
      .click();
    await see(page, 'No study plans yet');
    // The list can empty before the success alert opens (the query refetches first), so wait for it.
    await expect
      .poll(() => dialogs)
      .toEqual([
        'Are you sure you want to delete this study plan?',
        'Study plan deleted successfully.',
      ]);
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await see(page, 'Weekly Plan (Sun-Sat)');
    expect(await page.getByText('Derivatives').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
