import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.js';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { login, see } from '../support/journeys.js';

describe('app feedback', () => {
  let browser: Browser;
  const student = newStudent('feedback');

  beforeAll(async () => {
    browser = await launchBrowser();
    await new ApiClient().signUp(student);
  });
  afterAll(async () => browser?.close());

  it('sends feedback, thanks the student, and shows the server message when it refuses', async () => {
    const { page, errors, context } = await openPage(browser);
    // Logged out, there is no star button.
    await page.goto('/');
    await see(page, 'Get Started Free');
    expect(await page.getByRole('button', { name: 'Give feedback' }).count()).toBe(0);

    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Give feedback' }).click();
    const popup = page.getByRole('dialog', { name: 'How are we doing?' });
    await popup.waitFor();
    await expectAccessible(page, 'feedback popup');
    await popup.getByRole('radio', { name: '4 stars' }).check();
    await popup.getByRole('textbox', { name: 'What pleased you?' }).fill('The calendar');
    await popup.getByRole('textbox', { name: 'What would you recommend?' }).fill('A dark mode');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/review') && r.method() === 'POST',
    );
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    expect((await sent).postDataJSON()).toEqual({
      rating: 4,
      pleased: 'The calendar',
      recommendation: 'A dark mode',
      page: '/dashboard',
    });
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.waitFor();
    await see(page, 'Review submitted successfully.');
    await thanks.getByRole('button', { name: 'Close' }).click();

    // The server refuses: its message is shown and the popup keeps what was typed.
    await page.unroute('**/api/review');
    await page.route('**/api/review', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Feedback is paused for maintenance.',
          code: 'internal_error',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await popup.waitFor();
    await popup.getByRole('radio', { name: '2 stars' }).check();
    await popup.getByRole('textbox', { name: 'What pleased you?' }).fill('Kept text');
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    await see(page, 'Feedback is paused for maintenance.');
    expect(await popup.getByRole('textbox', { name: 'What pleased you?' }).inputValue()).toBe(
      'Kept text',
    );

    // No message from the server: the fallback text (docs/product.md, Errors).
    await page.unroute('**/api/review');
    await page.route('**/api/review', (route) => route.fulfill({ status: 500, body: '' }));
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    await see(page, 'Failed to submit review.');

    // The two refused sends are the only console errors (failed loads the test caused).
    expect(errors.filter((e) => !/status of (500|503)/.test(e))).toEqual([]);
    await context.close();
  });
});
