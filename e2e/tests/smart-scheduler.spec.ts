import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { register, see } from '../support/journeys.js';

async function lecturePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  const lines = [
    'Cell biology lecture 1',
    'The mitochondrion is the organelle that produces most of the energy of the cell.',
    'Ribosomes are the structures that build proteins from amino acids.',
    'The cell membrane controls what enters and leaves the cell.',
  ];
  for (const [i, line] of lines.entries())
    page.drawText(line, { x: 40, y: 760 - i * 20, size: 11, font });
  return Buffer.from(await doc.save());
}

describe('smart scheduler journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('runs the wizard with a PDF, reviews the proposal, accepts it and finds the sessions on the calendar', async () => {
    const { page, errors, context } = await openPage(browser);
    await register(page, newStudent('wizard'));
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Plan with the smart scheduler' }).first().click();
    await page.waitForURL('**/smart-scheduler/setup');

    // Step 1: the default period (4 weeks from today). Step 2: the default availability.
    await expectAccessible(page, 'wizard step 1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectAccessible(page, 'wizard step 2');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: one subject with key topics and a PDF; the key-topics rule first.
    await page.getByLabel(/^Name/).fill('Cell Biology');
    await page.getByLabel(/^Key topics/).fill('Organelles');
    await page.getByRole('button', { name: 'Next' }).click();
    await see(page, 'Subject 1: Key topics must be at least 50 characters.');
    await page
      .getByLabel(/^Key topics/)
      .fill('Organelles and their functions\nProtein synthesis\nThe cell membrane and transport');
    await page.getByLabel('Study files').setInputFiles({
      name: 'cells.pdf',
      mimeType: 'application/pdf',
      buffer: await lecturePdf(),
    });
    await see(page, 'cells.pdf');
    await expectAccessible(page, 'wizard step 3');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: preferences, then generate.
    await page.getByLabel('Extra wishes').fill('no Sundays');
    await page.getByRole('button', { name: 'Generate my plan' }).click();
    await page.waitForURL('**/smart-scheduler/review?planId=*', { timeout: 60_000 });
    await see(page, 'Your proposed study plan');
    await see(page, 'Hours per subject');
    await see(page, 'cells.pdf');
    await expectAccessible(page, 'review');

    const planId = new URL(page.url()).searchParams.get('planId');

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await see(page, 'Plan accepted and added to your calendar!');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/dashboard');

    // The accepted plan's review links to the calendar at the plan's first week.
    await page.goto(`/smart-scheduler/review?planId=${planId}`);
    await see(page, 'Your study plan');
    await page.getByRole('link', { name: 'Open the calendar' }).first().click();
    await page.waitForURL('**/calendar**');
    await see(page, 'Weekly Plan (Sun-Sat)');
    await page.getByText('Cell Biology').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.session-chip').count()).toBeGreaterThan(0);
    // "no Sundays" was understood: the Sunday tile holds no session.
    expect(await page.locator('.day-tile').first().locator('.session-chip').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
