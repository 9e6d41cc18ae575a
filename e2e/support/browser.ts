import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.js';

export const baseURL = () => inject('baseURL');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    betaAccepted?: boolean;
    baseURL?: string;
    /**
     * Let the app's service worker install: it downloads every built file into its cache on the
     * first visit, which the journeys about the phone need and the others only pay for (a
     * second load on two cores, under axe's timing).
     */
    serviceWorker?: boolean;
  } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    // Another server than the shared one (e.g. one with a model provider).
    baseURL: opts.baseURL ?? baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
  });
  if (opts.betaAccepted !== false) {
    await context.addInitScript(() => localStorage.setItem('betaAccepted', 'true'));
  }
  // Fail fast: a missing element should not cost the 30 s default.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // 401 on the session-restore call of a logged-out visitor is expected, not a page error.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/**
 * Resolves once the page has had no request in flight for `quietMs` and its fonts are loaded:
 * Playwright's `networkidle` waits a fixed 500 ms of quiet, which across a sweep of 126 screens
 * is a minute of waiting on nothing. Watch the page before it navigates.
 */
export function watchNetwork(page: Page): {
  settled(quietMs?: number): Promise<void>;
  stop(): void;
} {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = performance.now();
  };
  const started = () => change(1);
  const ended = () => change(-1);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
    async settled(quietMs = 250) {
      const deadline = performance.now() + 15_000;
      while (inFlight > 0 || performance.now() - lastChange < quietMs) {
        if (performance.now() > deadline) throw new Error(`${inFlight} requests still in flight`);
        await new Promise((r) => setTimeout(r, 25));
      }
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    },
  };
}

/**
 * Waits until the page shows `text` (rendered text, as a reader sees it), polling every 25 ms:
 * a locator's waitFor backs off to half a second between looks once the text is late.
 */
export async function waitForText(page: Page, text: string | RegExp): Promise<void> {
  const pattern = typeof text === 'string' ? null : { source: text.source, flags: text.flags };
  await page.waitForFunction(
    ({ literal, pattern }) => {
      // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, as getByText matches it
      const shown = document.body.innerText;
      return pattern
        ? new RegExp(pattern.source, pattern.flags).test(shown)
        : shown.includes(literal);
    },
    { literal: typeof text === 'string' ? text : '', pattern },
    { polling: 25, timeout: 15_000 },
  );
}

/** axe-core's browser build, put into a page before its first check. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core: no serious or critical violation on the page as it stands. axe runs in the page
 * itself (the app has no frames), and its source is evaluated once per document: @axe-core/
 * playwright evaluated its 500 KB again for every check, about 0.5 s of the 0.7 a check took,
 * and a page is checked many times (at three widths, after each step of a journey). Only
 * violations are asked for, so axe details no other result type (a quarter of its time).
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // The page as it settles, not mid-animation: a card turning over (0.35 s) is half transparent,
  // and its text then reads as low contrast. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const summary = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Logs out with the navbar's button and waits for /login to load afresh. The app clears the
 * session (the router may show /login at once) and then loads /login as a new document; a
 * test that navigated in between would be cut off by that load.
 */
export async function logOut(page: Page): Promise<void> {
  const loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await loaded;
  await page.waitForURL('**/login');
}

/** A unique student per test so journeys never collide on the shared server. */
export function newStudent(tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: id,
    firstName: 'Maria',
    lastName: 'Papadopoulou',
    email: `${id}@example.com`,
    password: 'a good long password',
  };
}

/** Keeps what the page showed when a check failed, under e2e/test-results/ (git-ignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, '../test-results');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
}
