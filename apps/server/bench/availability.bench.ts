/**
 * Availability under hostile input: the production app on a real socket (SQLite, builtin AI),
 * sent what once froze or exhausted the server, at ten times the first reported size where the
 * limits allow. Prints the event loop's longest delay, the slowest `/api/health` answer of a
 * client polling every 100 ms, and the memory the server and its parser processes took.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { XSRF_COOKIE, XSRF_HEADER } from '@studybuddy/contracts';
import { makeDocxLyingSizes, makePdf, makePdfBomb } from '../src/testing/files.js';
import { wizard } from '../src/testing/wizard-form.js';
import type { ServerCommand, ServerFigures } from './availability-server.js';

const TARGET_LOOP_MS = 100;
const TARGET_HEALTH_MS = 1000;
const TARGET_BOMB_GROWTH_MB = 100;

/** A browser-like client over HTTP: cookies, the XSRF header and the Bearer token. */
export function client(base: string) {
  const cookies = new Map<string, string>();
  let token = '';
  async function call(method: string, path: string, body?: BodyInit, json?: unknown) {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET') headers[XSRF_HEADER] = cookies.get(XSRF_COOKIE) ?? '';
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k) cookies.set(k, v ?? '');
    }
    return { status: res.status, body: await res.json().catch(() => null) };
  }
  return {
    call,
    async login(name: string) {
      await call('GET', '/api/health');
      const user = {
        username: name,
        firstName: 'Bench',
        lastName: 'Student',
        email: `${name}@example.com`,
        password: 'a long bench passphrase',
      };
      const reg = await call('POST', '/api/authentication/register', undefined, user);
      const r = await call('POST', '/api/authentication/login', undefined, {
        email: user.email,
        password: user.password,
      });
      token = (r.body as { accessToken?: string } | null)?.accessToken ?? '';
      if (!token) throw new Error(`bench login failed: ${JSON.stringify([reg, r])}`);
    },
  };
}

function wizardForm(files: { field: string; filename: string; content: Buffer | string }[]) {
  const w = wizard();
  const fd = new FormData();
  fd.set('period', JSON.stringify(w.period));
  fd.set('availability', JSON.stringify(w.availability));
  fd.set('subjects', JSON.stringify(w.subjects));
  fd.set('preferences', JSON.stringify(w.preferences));
  fd.set('timeZone', 'Europe/Athens');
  for (const f of files)
    fd.append(f.field, new Blob([new Uint8Array(Buffer.from(f.content))]), f.filename);
  return fd;
}

interface Case {
  name: string;
  run(): Promise<string>;
  /** For decompression bombs: what the process may grow by, whatever the files inflate to. */
  maxGrowthMb?: number;
}

export async function availabilityBench(): Promise<boolean> {
  const server = new Worker(new URL('./availability-server-entry.mjs', import.meta.url));
  const ask = async <T>(cmd: ServerCommand): Promise<T> => {
    server.postMessage(cmd);
    return (await once(server, 'message'))[0] as T;
  };
  const { address } = (await once(server, 'message'))[0] as { address: string };

  // Every input is made before measuring: only the server's work is timed.
  const section = (i: number) =>
    `# Chapter ${i}\n${'Energy is conserved in a closed system. Momentum is mass times velocity. '.repeat(300)}\n`;
  const twoMb = Array.from({ length: 100 }, (_, i) => section(i))
    .join('')
    .slice(0, 2_000_000);
  const pdfBombs = await Promise.all([400, 216, 216].map((mb) => makePdfBomb(mb)));
  const liar = await makeDocxLyingSizes(64);
  const good = await makePdf(['Alkanes are saturated hydrocarbons with single bonds.']);

  const students = await Promise.all(
    ['ana', 'bo', 'cy', 'di'].map(async (n) => {
      const c = client(address);
      await c.login(n);
      return c;
    }),
  );
  const [ana, bo, cy, di] = students as [
    ReturnType<typeof client>,
    ReturnType<typeof client>,
    ReturnType<typeof client>,
    ReturnType<typeof client>,
  ];
  const plan = await ana.call('POST', '/api/generic/CreateStudyProgram', undefined, {
    name: 'Bench',
    deadline: '2027-06-01',
    description: '',
  });
  const subject = await ana.call('POST', '/subjects', undefined, {
    studyPlanId: (plan.body as { id: number }).id,
    name: 'Physics',
  });
  const subjectId = (subject.body as { id: number }).id;
  const topic = await ana.call('POST', '/topics', undefined, { subjectId, name: 'Momentum' });
  const topicId = (topic.body as { id: number }).id;

  const checklist = (content: string) => {
    const fd = new FormData();
    fd.append('files', new Blob([content]), 'notes.md');
    return ana.call('POST', `/topics/${topicId}/generate-checklist`, fd);
  };
  const cases: Case[] = [
    {
      name: 'deep dive from notes with "# a" + 30,000 spaces + "b" (10x)',
      run: async () => `${(await checklist(`# a${' '.repeat(30_000)}b`)).status}`,
    },
    {
      name: 'the same with a "#" in the middle (10x)',
      run: async () =>
        `${(await checklist(`# a${' '.repeat(15_000)}#${' '.repeat(15_000)}b`)).status}`,
    },
    {
      name: 'topic with "<script" x 28,000 and "\\(" x 99,000 (the 200 KB field limit)',
      run: async () => {
        const a = await ana.call('POST', '/topics', undefined, {
          subjectId,
          name: 'Scripts',
          deepDiveContent: '<script'.repeat(28_000),
        });
        const b = await ana.call('POST', '/topics', undefined, {
          subjectId,
          name: 'Math',
          deepDiveContent: '\\('.repeat(99_000),
        });
        return `${a.status} ${b.status}`;
      },
    },
    {
      name: 'wizard with 2 subjects x 10 x 2 MB Markdown (40 MB)',
      run: async () => {
        const files = ['Organic_Chemistry', 'Physics'].flatMap((field) =>
          Array.from({ length: 10 }, (_, i) => ({ field, filename: `n${i}.md`, content: twoMb })),
        );
        return `${(await bo.call('POST', '/api/ai/ProcessStudyMaterials', wizardForm(files))).status}`;
      },
    },
    {
      name: 'three PDFs inflating to 400, 216 and 216 MB, at once, and a DOCX lying about 64 MB',
      run: async () => {
        const sends = [cy, di, ana].map((c, i) =>
          c.call(
            'POST',
            '/api/ai/ProcessStudyMaterials',
            wizardForm([
              { field: 'Physics', filename: 'bomb.pdf', content: pdfBombs[i] as Buffer },
              ...(i === 0 ? [{ field: 'Physics', filename: 'liar.docx', content: liar }] : []),
              { field: 'Physics', filename: 'good.pdf', content: good },
            ]),
          ),
        );
        return (await Promise.all(sends)).map((r) => r.status).join(' ');
      },
      maxGrowthMb: TARGET_BOMB_GROWTH_MB,
    },
  ];

  let ok = true;
  let figures: ServerFigures | undefined;
  console.log('\nAvailability under hostile input (production app, SQLite, builtin AI)');
  for (const c of cases) {
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    let healthMax = 0;
    let running = true;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 20);
    const poller = (async () => {
      while (running) {
        const t = performance.now();
        await fetch(`${address}/api/health`);
        healthMax = Math.max(healthMax, performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await ask('start');
    const t0 = performance.now();
    const statuses = await c.run();
    const took = performance.now() - t0;
    figures = await ask<ServerFigures>('stop');
    running = false;
    await poller;
    clearInterval(sampler);
    const loopMax = figures.loopMaxMs;
    const growthMb = (rssPeak - rssBefore) / 1_048_576;
    const answered = statuses.split(' ').every((x) => x.startsWith('2'));
    const pass =
      answered &&
      loopMax <= TARGET_LOOP_MS &&
      healthMax <= TARGET_HEALTH_MS &&
      growthMb <= (c.maxGrowthMb ?? Number.POSITIVE_INFINITY);
    ok &&= pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${c.name}\n      answered ${statuses} in ${(took / 1000).toFixed(1)} s  event loop max ${loopMax.toFixed(0)} ms (target <= ${TARGET_LOOP_MS})  health max ${healthMax.toFixed(0)} ms (target <= ${TARGET_HEALTH_MS})  process RSS +${growthMb.toFixed(0)} MB (server and client${c.maxGrowthMb ? `; target <= ${c.maxGrowthMb}` : ''})`,
    );
  }
  const parseOk = figures?.memoryCapped === true && figures.parseGrowthMb <= figures.parseMemoryMb;
  ok &&= parseOk;
  console.log(
    `${parseOk ? 'PASS' : 'FAIL'}  parse memory: a parser process grew at most ${figures?.parseGrowthMb.toFixed(0)} MB over its idle size (target <= ${figures?.parseMemoryMb} MB, the limit the OS enforces over that size${figures?.memoryCapped ? '' : ': prlimit missing, NOT enforced'})`,
  );
  await ask('close');
  await server.terminate();
  return ok;
}
