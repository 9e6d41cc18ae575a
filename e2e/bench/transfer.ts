/**
 * Bytes on the wire (npm run bench, after npm run build): the production server on a fresh
 * database, the landing page opened in the system Chromium to learn which JavaScript it loads,
 * then each of those files and a student's plan list fetched as a browser asks for them
 * (`Accept-Encoding: br, gzip`), as a client without brotli asks (`gzip`) and without
 * compression. Prints the three sums, and whether the landing page keeps to its budget of
 * 120 KB as a browser receives it; it reports, it does not fail.
 *
 * The budget is judged on what a browser is sent. Browsers ask for brotli over HTTPS and from
 * localhost (Chromium and Firefox do not offer it over plain HTTP to another host), and the
 * README serves students only those two ways: the app publishes its port on 127.0.0.1 and
 * other machines reach it through the HTTPS proxy. The gzip sum is printed beside it for a
 * client that asks for gzip alone.
 */
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { ApiClient } from '../support/api.js';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';
import { generatedPlan } from '../support/plans.js';
import { startServer } from '../support/server.js';

interface Wire {
  bytes: number;
  encoding: string;
}

/** The body's size as sent (before any decoding), and its content-encoding. */
function onTheWire(url: string, headers: Record<string, string>): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The landing page's JavaScript budget: compressed bytes as served, preloaded chunks too. */
const LANDING_BUDGET_BYTES = 120 * 1024;

async function measure(
  label: string,
  urls: string[],
  headers: Record<string, string> = {},
): Promise<number> {
  const encoded = await Promise.all(
    urls.map((u) => onTheWire(u, { ...headers, 'accept-encoding': 'br, gzip' })),
  );
  const gzipped = await Promise.all(
    urls.map((u) => onTheWire(u, { ...headers, 'accept-encoding': 'gzip' })),
  );
  const raw = await Promise.all(urls.map((u) => onTheWire(u, headers)));
  const sum = (ws: Wire[]) => ws.reduce((total, w) => total + w.bytes, 0);
  if (urls.length > 1) {
    urls.forEach((u, i) => {
      const w = encoded[i] as Wire;
      const g = gzipped[i] as Wire;
      console.log(
        `  ${new URL(u).pathname}: ${kb(w.bytes)} (${w.encoding}), ${kb(g.bytes)} (${g.encoding})`,
      );
    });
  }
  const encodings = [...new Set(encoded.map((w) => w.encoding))].join(', ');
  console.log(
    `${label}: ${kb(sum(encoded))} with Accept-Encoding: br, gzip (${encodings}), ` +
      `${kb(sum(gzipped))} with gzip alone, ${kb(sum(raw))} uncompressed, ` +
      `${urls.length} file${urls.length === 1 ? '' : 's'}`,
  );
  return sum(encoded);
}

const server = await startServer({ env: { AUTH_RATE_LIMIT_MAX: '200' } });
try {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (r) => {
    // A lazy chunk the page preloads (<link rel="modulepreload">) is not typed as a script.
    const isScript =
      r.request().resourceType() === 'script' || new URL(r.url()).pathname.endsWith('.js');
    if (isScript) scripts.add(r.url());
  });
  await page.goto(`${server.baseURL}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const landing = await measure('Landing page JavaScript on the wire', [...scripts]);
  console.log(
    `Landing page budget (${kb(LANDING_BUDGET_BYTES)} as a browser receives it): ` +
      (landing <= LANDING_BUDGET_BYTES ? 'PASS' : 'FAIL'),
  );

  const api = new ApiClient(server.baseURL);
  const stamp = Date.now().toString(36);
  await api.signUp({
    username: `wire${stamp}`,
    firstName: 'Maria',
    lastName: 'Papadopoulou',
    email: `wire${stamp}@example.com`,
    password: 'a good long password',
  });
  const keyTopics = 'Foundations, core methods, worked problems, applications, past papers';
  const subjects = ['Organic Chemistry', 'Linear Algebra', 'Modern History', 'Physics', 'Biology'];
  for (const name of subjects) {
    await generatedPlan(api, [{ name, keyTopics }], { accept: true });
  }
  await measure(
    'Plan list (five plans) on the wire',
    [`${server.baseURL}/api/generic/GetStudyProgramOfUser`],
    {
      authorization: api.authorizationHeader(),
    },
  );
} finally {
  await server.stop();
}
