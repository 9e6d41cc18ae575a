/**
 * The sweep of every screen at three widths: each screen loads cleanly, nothing scrolls
 * sideways and axe finds no serious violation. Two files (tests/every-public-screen.spec.ts,
 * tests/every-student-screen.spec.ts), so the halves run side by side in the browser workers.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api.js';
import {
  expectAccessible,
  launchBrowser,
  newStudent,
  openPage,
  saveScreenshot,
  waitForText,
  watchNetwork,
} from './browser.js';
import { login } from './journeys.js';
import { dayFromToday, generatedPlan, planWithTopic } from './plans.js';

/** Screens for everyone, logged in or out (docs/product.md, Screens). */
const publicRoutes: [string, string][] = [
  ['/', 'Get Started Free'],
  ['/about', 'About StudyBuddy'],
  ['/blog', 'The StudyBuddy blog'],
  ['/blog/build-a-study-routine', 'How to build a study routine that actually sticks'],
  ['/blog/top-ai-tools-for-students', 'Top AI tools for students'],
  ['/blog/success-stories', 'Success stories'],
  ['/contact', 'We usually reply within 24 hours.'],
  ['/services', 'Our services'],
  ['/unsubscribe?token=from-an-email', 'Stop lesson reminders?'],
  ['/reset-password?token=from-an-email', 'Choose a new password'],
  // A class's join link: signed out, log in first (the code kept for after); signed in, the form.
  ['/classes/join?code=ABCD-EFGH', 'Join a class'],
];

/** Nothing sticks out sideways: the page never scrolls horizontally. */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  if (overflow > 0) await saveScreenshot(page, `overflow-${label.replace(/\W+/g, '-')}`);
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/** The widths every screen is checked at: a desktop, a tablet, a phone. */
export const WIDTHS = [1440, 768, 375] as const;
const HEIGHT = 900;

/**
 * A screen, loaded cold at the first width, then checked at each width: the viewport is resized
 * and the page given time to settle (media queries, a lazy chunk) before the overflow and axe
 * checks. A cold load per width cost three loads for the same checks (about a second each, a
 * third of the sweep). A screen that decides its layout once when it loads (the calendar's phone
 * view) passes `loaded`, a check of that layout, and is loaded afresh at each width.
 */
async function visit(
  page: Page,
  path: string,
  ready: string | RegExp,
  loaded?: (width: number) => Promise<void>,
) {
  const reload = loaded !== undefined;
  for (const [i, width] of WIDTHS.entries()) {
    const network = watchNetwork(page);
    await page.setViewportSize({ width, height: HEIGHT });
    if (i === 0 || reload) {
      await page.goto(path);
      await waitForText(page, ready);
      await loaded?.(width);
    }
    // Let lazy chunks, fonts and queries settle before measuring (less after a resize, which
    // loads nothing new unless a media query swaps a component).
    await network.settled(i === 0 || reload ? 250 : 100);
    network.stop();
    const label = `${path} at ${width}px`;
    await expectNoHorizontalOverflow(page, label);
    await expectAccessible(page, label);
  }
}

/** The logged-out screens, and the public ones again to a logged-in student. */
export function sweepPublicScreens() {
  describe('every public screen at every width', () => {
    let browser: Browser;
    const student = newStudent('public-screens');

    beforeAll(async () => {
      browser = await launchBrowser();
      await new ApiClient().signUp(student);
    });
    afterAll(async () => browser?.close());

    it('shows the logged-out screens cleanly', { timeout: 180_000 }, async () => {
      const { page, errors, context } = await openPage(browser);
      for (const [path, ready] of publicRoutes) await visit(page, path, ready);
      await visit(page, '/login', 'Welcome back');
      await visit(page, '/register', 'Create your account');
      await visit(page, '/forgot-password', 'Forgot your password?');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('is installable: a manifest with its icons, and a service worker that controls the app', async () => {
      const { page, errors, context } = await openPage(browser, { serviceWorker: true });
      await visit(page, '/login', 'Welcome back');
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        const r = await fetch(link?.href ?? '');
        return { type: r.headers.get('content-type'), body: await r.json() };
      });
      expect(manifest.type).toMatch(/^application\/manifest\+json/);
      expect(manifest.body).toMatchObject({
        name: 'StudyBuddy',
        short_name: 'StudyBuddy',
        start_url: '/dashboard',
        display: 'standalone',
        theme_color: '#0b5f7a',
      });
      const icons = manifest.body.icons as { src: string; sizes: string; purpose?: string }[];
      expect(icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
        '192x192',
        '512x512',
        '512x512 maskable',
      ]);
      for (const icon of icons) {
        const r = await page.request.get(icon.src);
        expect([r.status(), r.headers()['content-type']]).toEqual([200, 'image/png']);
      }
      // The service worker takes the app: after a reload it answers the page's requests.
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
      ).toBe(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
        /\/sw\.js$/,
      );
      // ...with the shell and the built files in its cache (a worker whose precache list was
      // refused took the page all the same, and answered nothing offline).
      const precached = await page.evaluate(async () => {
        for (const name of await caches.keys())
          if (name.includes('precache')) return (await (await caches.open(name)).keys()).length;
        return 0;
      });
      expect(precached).toBeGreaterThan(100);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows the public screens cleanly to a logged-in student', {
      timeout: 180_000,
    }, async () => {
      const { page, errors, context } = await openPage(browser);
      await login(page, student.email, student.password);
      await page.waitForURL('**/dashboard');
      for (const [path, ready] of publicRoutes) await visit(page, path, ready);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

/** Every screen behind the login, on a student's real data. */
export function sweepStudentScreens() {
  describe('every logged-in screen at every width', () => {
    let browser: Browser;
    const student = newStudent('screens');
    const routes: [string, string | RegExp][] = [];

    beforeAll(async () => {
      browser = await launchBrowser();
      // Real data for the screens that need ids: a plan with a subject, a topic (and its lesson)
      // and a session, made through the API.
      const api = new ApiClient();
      await api.signUp(student);
      const { plan, subject, topic } = await planWithTopic(api, {
        plan: 'Finals',
        subject: 'Chemistry',
        topic: 'Acids',
        deepDiveContent: '<p>An acid is a proton donor. The pH of pure water is $7$.</p>',
      });
      const start = new Date(Date.now() + 86_400_000);
      start.setUTCHours(15, 0, 0, 0);
      const session = await api.post<{ id: number }>('/api/generic/CreateStudySession', {
        studyPlan: plan.id,
        subject: subject.id,
        topic: topic.id,
        title: 'Acids',
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
      });
      const physics = [
        {
          name: 'Physics',
          keyTopics: 'Kinematics, forces and Newton laws, energy and work, momentum',
        },
      ];
      const proposal = { planId: await generatedPlan(api, physics) };
      // A second proposal, accepted: the dashboard and the plan page show its readiness.
      const accepted = { planId: await generatedPlan(api, physics, { accept: true }) };
      const day = dayFromToday;
      // A weekly lecture: busy time on the calendar.
      await api.post('/api/busy-times', {
        kind: 'lecture',
        title: 'Physics lecture',
        date: day(1),
        startTime: '10:00',
        endTime: '12:00',
        repeat: 'weekly',
      });
      const p = `/study-plan`;
      routes.push(
        ['/dashboard', 'Your study plans'],
        [`/calendar?view=day&date=${day(1)}`, 'Physics lecture'],
        [`/calendar?view=month&date=${day(1)}`, 'Weekly Plan (Sun-Sat)'],
        ['/profile', 'My profile'],
        [`${p}`, 'Finals'],
        [`${p}/list`, 'Finals'],
        [`${p}/create`, 'Create study plan'],
        [`${p}/detail/${plan.id}`, 'Chemistry'],
        [`${p}/detail/${accepted.planId}`, 'Will you be ready?'],
        [`${p}/edit/${plan.id}`, 'Edit study plan'],
        [`${p}/subject/${plan.id}/Chemistry`, 'Acids'],
        [`/subject-detail/${plan.id}/Chemistry`, 'Acids'],
        [`${p}/topic/${plan.id}/Chemistry/Acids`, 'proton donor'],
        [`${p}/topic-rich-content/${plan.id}/Chemistry/Acids`, 'proton donor'],
        [`/topic/${topic.id}/detail`, 'proton donor'],
        [`/lesson-detail/${plan.id}/Chemistry/Acids/${topic.lessonId}`, 'No reviews yet.'],
        ['/scheduled-session', 'Schedule a study session'],
        ['/session/create', 'Schedule a study session'],
        [`/scheduled-session?id=${session.id}`, 'Edit study session'],
        ['/smart-scheduler/setup', 'Study period'],
        // The classes of a student in none, with the join form (the journey is study-plans').
        ['/classes', 'Join a class'],
        [`/smart-scheduler/review?planId=${proposal.planId}`, 'Your proposed study plan'],
      );
    });
    afterAll(async () => browser?.close());

    // About 2 s a screen and width with the axe scans, hence the longer limit.
    it('shows every logged-in screen cleanly', { timeout: 300_000 }, async () => {
      const { page, errors, context } = await openPage(browser);
      await login(page, student.email, student.password);
      await page.waitForURL('**/dashboard');
      for (const [path, ready] of routes) await visit(page, path, ready);
      // The calendar picks its view when it loads: on a phone the day view of today.
      await visit(page, '/calendar', 'Weekly Plan (Sun-Sat)', async (width) => {
        const view = width <= 600 ? '.hour-grid--day' : '.hour-grid:not(.hour-grid--day)';
        await page.locator(view).waitFor();
        await page.locator('.hour-grid__day-head--today').waitFor();
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
