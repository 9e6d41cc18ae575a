import type { Page } from 'playwright-core';
import { type newStudent, saveScreenshot } from './browser.js';

/** Waits until the page shows this text (the app renders asynchronously). */
export async function see(page: Page, text: string | RegExp, timeout = 15_000) {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    await saveScreenshot(page, `missing-${String(text).replace(/\W+/g, '-').slice(0, 60)}`);
    throw err;
  }
}

export async function register(page: Page, s: ReturnType<typeof newStudent>) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(s.username);
  await page.getByLabel('First name').fill(s.firstName);
  await page.getByLabel('Last name').fill(s.lastName);
  await page.getByLabel('Email').fill(s.email);
  await page.getByLabel(/^Password/).fill(s.password);
  await page.getByLabel('Confirm password').fill(s.password);
  await page.getByLabel('I have read the Terms of Service').check();
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Waits until the page has started and ended no request for `quietMs`: the app's background
 * work (the offline sync goes one request at a time) is done before a test cuts the network, so
 * no request is cut in flight (the browser logs that as an error, however the app takes it).
 */
export async function networkQuiet(page: Page, quietMs = 1_000, timeout = 30_000): Promise<void> {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  try {
    const deadline = Date.now() + timeout;
    while (Date.now() - last < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`the page's network was not quiet for ${quietMs} ms in ${timeout} ms`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', touch);
    page.off('requestfinished', touch);
    page.off('requestfailed', touch);
  }
}
