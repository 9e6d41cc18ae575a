/**
 * The server's speed against a bare Fastify (npm run bench:http, after npm run build): the
 * production server (SQLite in a fresh DATA_DIR, info logging to /dev/null) and a hello-world
 * Fastify, each in its own process, loaded by autocannon at 50 connections. Each round runs
 * every endpoint on bare Fastify, then on the server (A B A B...); a share is the server's
 * requests per second over bare's of the same round, and the median of the rounds is printed
 * against its target, with p99 latency, errors and the server's peak resident memory. The load
 * starts once the threads that made the bench's plans have retired (the memory they held is
 * printed apart), after one unmeasured warm-up run of each endpoint. The CPU time each process
 * spends per request is printed too: on a shared 2-core machine it moves less than req/s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ApiClient } from '../support/api.js';
import { newStudent } from '../support/browser.js';
import { generatedPlan } from '../support/plans.js';
import { freePort, startServer } from '../support/server.js';

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const TARGET_P99_MS = 25;
const TARGET_RSS_MB = 200;

interface Endpoint {
  name: string;
  path: string;
  /** The least share of bare Fastify's requests per second. */
  target: number;
  auth: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/health', path: '/api/health', target: 0.5, auth: false },
  { name: 'GET /user/profile (signed in)', path: '/user/profile', target: 0.3, auth: true },
  {
    name: 'GET /api/generic/GetStudyProgramOfUser (4 plans x 5 subjects x 4 topics)',
    path: '/api/generic/GetStudyProgramOfUser',
    target: 0.2,
    auth: true,
  },
];

interface Run {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time (all threads) the process spent per request: steadier than req/s here. */
  cpuUs: number;
}

/** The CPU time a process has used, in µs (user and system, from /proc). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100);
}

async function load(
  pid: number,
  url: string,
  headers: Record<string, string>,
  duration = SECONDS,
): Promise<Run> {
  const before = cpuUs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuUs: (cpuUs(pid) - before) / Math.max(1, r.requests.total),
  };
}

/** A Fastify hello-world in its own process, as the yardstick. */
async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: ${port} });
console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: new URL('../..', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare Fastify exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

function status(pid: number, field: 'VmRSS' | 'Threads'): number {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

/**
 * Waits until the server has as many threads as when it started: the text-work threads that
 * made the plans (warm for 60 s after their last task) have retired, so the load is measured
 * on the server that serves it, not on what the set-up left behind. Returns the wait in ms.
 */
async function settle(pid: number, baseThreads: number, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (status(pid, 'Threads') > baseThreads && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return Date.now() - started;
}

/** Samples a process's resident memory until stopped; returns the peak in MB. */
function watchRss(pid: number): () => number {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, status(pid, 'VmRSS') / 1024);
  };
  sample();
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

// BENCH_HTTP_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`;
// BENCH_HTTP_ONLY: load only the endpoints whose name contains it.
const nodeArgs = process.env.BENCH_HTTP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const only = process.env.BENCH_HTTP_ONLY;
const endpoints = only ? ENDPOINTS.filter((e) => e.name.includes(only)) : ENDPOINTS;
const server = await startServer({ env: { LOG_LEVEL: 'info' }, output: 'ignore', nodeArgs });
const bare = await startBare();
const barePid = bare.child.pid ?? 0;
let failed = false;
const pid = server.process.pid ?? 0;
const baseThreads = status(pid, 'Threads');
try {
  const api = new ApiClient(server.baseURL);
  await api.signUp(newStudent('bench'));
  for (let p = 0; p < 4; p++) {
    const subjects = Array.from({ length: 5 }, (_, s) => ({
      name: `Plan ${p + 1} subject ${s + 1}`,
      keyTopics: Array.from({ length: 4 }, (_, t) => `Topic ${t + 1} of subject ${s + 1}`).join(
        '\n',
      ),
    }));
    await generatedPlan(api, subjects, { accept: true });
  }
  // Every request carries the cookies a browser holds by then (the CSRF pair, handed out once),
  // so the figures are a student's; a client without them gets a fresh pair on each answer.
  const browser = { cookie: api.csrfCookieHeader() };
  const auth = { ...browser, authorization: api.authorizationHeader() };
  const warmRssMb = status(pid, 'VmRSS') / 1024;
  const waitedMs = await settle(pid, baseThreads);
  const settledRssMb = status(pid, 'VmRSS') / 1024;
  const stopRss = watchRss(pid);
  // One unmeasured run of each first: after the idle minute the server's first seconds are
  // up to a third slower (code compiled again, the set-up's garbage collected), which would
  // measure the wait rather than the server.
  for (const e of endpoints) {
    await load(barePid, bare.url, {}, WARM_UP_SECONDS);
    await load(pid, `${server.baseURL}${e.path}`, e.auth ? auth : browser, WARM_UP_SECONDS);
  }
  const runs = new Map<string, { app: Run; yardstick: Run }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const e of endpoints) {
      const yardstick = await load(barePid, bare.url, {});
      const app = await load(pid, `${server.baseURL}${e.path}`, e.auth ? auth : browser);
      runs.set(e.name, [...(runs.get(e.name) ?? []), { app, yardstick }]);
    }
  }
  const peakRss = stopRss();
  console.log(
    `\nHTTP against bare Fastify (${CONNECTIONS} connections, ${SECONDS} s a run, median of ${ROUNDS} rounds)`,
  );
  for (const e of endpoints) {
    const rs = runs.get(e.name) ?? [];
    const share = median(rs.map((r) => r.app.rps / r.yardstick.rps));
    const rps = median(rs.map((r) => r.app.rps));
    const p99 = median(rs.map((r) => r.app.p99));
    const errors = rs.reduce((n, r) => n + r.app.errors, 0);
    const cpu = median(rs.map((r) => r.app.cpuUs));
    const bareCpu = median(rs.map((r) => r.yardstick.cpuUs));
    const ok = share >= e.target && p99 <= TARGET_P99_MS && errors === 0;
    failed ||= !ok;
    console.log(
      `${verdict(ok)}  ${e.name}\n      ${rps.toFixed(0)} req/s, ${pct(share)} of bare (target >= ${pct(e.target)}), p99 ${p99} ms (target <= ${TARGET_P99_MS} ms), ${errors} errors\n` +
        `      CPU ${cpu.toFixed(0)} µs a request against bare's ${bareCpu.toFixed(0)} µs (${pct(bareCpu / cpu)})`,
    );
  }
  const rssOk = peakRss <= TARGET_RSS_MB;
  failed ||= !rssOk;
  console.log(
    `${verdict(rssOk)}  server peak RSS ${peakRss.toFixed(0)} MB under the load (target <= ${TARGET_RSS_MB} MB)\n` +
      `      ${settledRssMb.toFixed(0)} MB before it; right after making the plans ${warmRssMb.toFixed(0)} MB, ` +
      `until the text-work threads retired ${(waitedMs / 1000).toFixed(0)} s later`,
  );
} finally {
  bare.child.kill('SIGTERM');
  await server.stop();
}
if (failed) process.exitCode = 1;
