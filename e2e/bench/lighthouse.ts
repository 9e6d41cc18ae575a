/**
 * Lighthouse performance (npm run bench, after npm run build) on the production server with a
 * fresh database, a student with an accepted two-subject plan and weekly busy time. First whether
 * the app installs (its manifest, and a service worker controlling the page). Lighthouse's mobile
 * run, five times each in the system Chromium: the landing page as a visitor sees it, then, logged
 * in through the screens, the dashboard and the calendar. Prints each page's median score with
 * its LCP, TBT and CLS, and PASS/FAIL where the page has a target; it reports, it does not fail.
 * Lighthouse's 4x CPU slowdown is relative to the machine it runs on, so each line also prints
 * the machine's benchmarkIndex: figures from two machines compare only beside it. The runs after
 * the first are repeat visits served by the service worker: their LCP has a target of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ApiClient } from '../support/api.js';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';
import { dayFromToday, generatedPlan } from '../support/plans.js';
import { freePort, startServer } from '../support/server.js';

const RUNS = 5;
/** Pages a visitor sees, measured before the login. */
const PUBLIC_PAGES = ['/'];
/** Pages a student sees, measured logged in. */
const STUDENT_PAGES = ['/dashboard', '/calendar', '/calendar?view=month'];
/** The least median performance score, where a page has a target. */
const TARGETS: Record<string, number> = { '/': 95, '/dashboard': 95 };
/** The most a repeat visit's LCP may take, in ms, served from the service worker's cache. */
const REPEAT_LCP_TARGETS: Record<string, number> = { '/dashboard': 1000 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const server = await startServer({ env: { AUTH_RATE_LIMIT_MAX: '200' } });
const profileDir = mkdtempSync(join(tmpdir(), 'studybuddy-lighthouse-'));
try {
  const student = {
    username: `bench${Date.now().toString(36)}`,
    firstName: 'Maria',
    lastName: 'Papadopoulou',
    email: `bench${Date.now().toString(36)}@example.com`,
    password: 'a good long password',
  };
  const api = new ApiClient(server.baseURL);
  await api.signUp(student);
  await generatedPlan(
    api,
    [
      {
        name: 'Organic Chemistry',
        keyTopics: 'Stereochemistry, reaction mechanisms, spectroscopy',
      },
      {
        name: 'Linear Algebra',
        keyTopics: 'Diagonalisation, eigenvalues and eigenvectors, spaces',
      },
    ],
    { accept: true },
  );
  await api.post('/api/busy-times', {
    kind: 'lecture',
    title: 'Physics lecture',
    date: dayFromToday(1),
    startTime: '10:00',
    endTime: '12:00',
    repeat: 'weekly',
  });

  // One persistent browser profile: the login's refresh cookie and the accepted beta notice
  // are there for the pages Lighthouse opens on the same debugging port.
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  await context.addInitScript(() => localStorage.setItem('betaAccepted', 'true'));
  const page = await context.newPage();
  const measure = async (path: string, loggedIn: boolean) => {
    const scores: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    const host: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.baseURL}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (loggedIn && lhr.finalDisplayedUrl.includes('/login'))
        throw new Error('Lighthouse was not logged in');
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      host.push(lhr.environment.benchmarkIndex);
    }
    // The worker has the shell after the first run: runs 2-5 are repeat visits from the cache.
    const repeat = median(lcp.slice(1));
    const repeatTarget = REPEAT_LCP_TARGETS[path];
    if (repeatTarget !== undefined)
      console.log(
        `Repeat visit ${path} (service worker's cache, Lighthouse mobile): ` +
          `${repeat <= repeatTarget ? 'PASS' : 'FAIL'} LCP ${(repeat / 1000).toFixed(2)} s ` +
          `(target <= ${(repeatTarget / 1000).toFixed(1)} s; runs 2-${RUNS}: ` +
          `${lcp
            .slice(1)
            .map((x) => (x / 1000).toFixed(2))
            .join(', ')} s)`,
      );
    const score = median(scores);
    const target = TARGETS[path];
    const verdict =
      target === undefined ? '' : `${score >= target ? 'PASS' : 'FAIL'} (target >= ${target}) `;
    console.log(
      `Lighthouse mobile ${path}: ${verdict}performance ${score} (runs ${scores.join(', ')}), ` +
        `LCP ${(median(lcp) / 1000).toFixed(2)} s, TBT ${Math.round(median(tbt))} ms, ` +
        `CLS ${median(cls).toFixed(3)} (median of ${RUNS}); this machine's CPU power ` +
        `(Lighthouse benchmarkIndex) ${Math.round(median(host))}`,
    );
  };

  // Installable (the phone): the manifest's fields and icons, and a service worker that
  // controls the app once it has loaded once. Printed, like the rest, not asserted.
  await page.goto(`${server.baseURL}/login`);
  const installable = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const manifest = link ? await (await fetch(link.href)).json() : {};
    const sizes = ((manifest.icons ?? []) as { sizes: string; purpose?: string }[]).map(
      (i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`,
    );
    await navigator.serviceWorker?.ready;
    return { manifest, sizes };
  });
  await page.reload();
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  const m = installable.manifest as Record<string, string>;
  const fields =
    Boolean(m.name && m.short_name) &&
    m.start_url === '/dashboard' &&
    m.display === 'standalone' &&
    installable.sizes.includes('192x192') &&
    installable.sizes.includes('512x512') &&
    installable.sizes.includes('512x512 maskable');
  console.log(
    `Installable: ${fields && controlled ? 'PASS' : 'FAIL'} (manifest: name ${m.name}, ` +
      `start_url ${m.start_url}, display ${m.display}, icons ${installable.sizes.join(', ')}; ` +
      `service worker controls the page: ${controlled ? 'yes' : 'no'})`,
  );

  for (const path of PUBLIC_PAGES) await measure(path, false);
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel(/^Password/).fill(student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
  for (const path of STUDENT_PAGES) await measure(path, true);
  await context.close();
} finally {
  await server.stop();
  rmSync(profileDir, { recursive: true, force: true });
}
