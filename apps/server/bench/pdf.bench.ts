/**
 * Reading a 100-page text PDF: the server's parser processes (unpdf, warm, two idle: each reads
 * half of the pages) against Debian's `pdftotext` (poppler, one process) on the same file,
 * median of 5; then the p99 of other students'
 * requests (20 clients reading their profile) before and while one student's uploads of that
 * PDF are read, back to back, on the production app (SQLite, builtin AI). Last, three students
 * upload a PDF that inflates to 216 MB at once: the process tree's peak growth (this process,
 * its threads and every child process, sampled) and the other requests' p99 meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createParsePool } from '../src/adapters/files/parse-pool.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { makePdfBomb } from '../src/testing/files.js';
import { client } from './availability.bench.js';
import { sampleTreeRss } from './process-tree.js';

const PAGES = 100;
const RUNS = 5;
const TARGET_RATIO = 2;
const LOAD_CLIENTS = 20;
const LOAD_MS = 5_000;
/** What each of the three hostile PDFs inflates to, and what the tree may grow by meanwhile. */
const BOMB_MB = 216;
const TARGET_TREE_GROWTH_MB = 600;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p99 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.NaN;

/** 100 pages of 40 lines of course text, as a word processor would export them. */
async function hundredPages(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage();
    for (let l = 0; l < 40; l++) {
      page.drawText(
        `Page ${p + 1}, line ${l + 1}: momentum is conserved when no external force acts.`,
        { x: 40, y: 780 - l * 18, size: 11, font },
      );
    }
  }
  return Buffer.from(await doc.save());
}

async function time(run: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

/** Latencies of `clients` loops asking `ask` while `going()` says so. */
async function latenciesWhile(ask: () => Promise<unknown>, clients: number, going: () => boolean) {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (going()) out.push(await time(ask));
    }),
  );
  return out;
}

/** Latencies of `clients` loops asking `ask` until `ms` have passed. */
function latencies(ask: () => Promise<unknown>, clients: number, ms: number) {
  const end = performance.now() + ms;
  return latenciesWhile(ask, clients, () => performance.now() < end);
}

/** A new plan with one subject and one topic of `student`'s: the topic's id. */
async function newTopic(student: ReturnType<typeof client>): Promise<number> {
  const plan = await student.call('POST', '/api/generic/CreateStudyProgram', undefined, {
    name: 'Bench',
    deadline: '2027-06-01',
    description: '',
  });
  const subject = await student.call('POST', '/subjects', undefined, {
    studyPlanId: (plan.body as { id: number }).id,
    name: 'Physics',
  });
  const topic = await student.call('POST', '/topics', undefined, {
    subjectId: (subject.body as { id: number }).id,
    name: 'Momentum',
  });
  return (topic.body as { id: number }).id;
}

/** A deep dive from one uploaded PDF: its status and the codes of its warnings. */
async function upload(student: ReturnType<typeof client>, topicId: number, pdf: Buffer) {
  const fd = new FormData();
  fd.append('files', new Blob([new Uint8Array(pdf)]), 'course.pdf');
  const r = await student.call('POST', `/topics/${topicId}/generate-checklist`, fd);
  const warnings = (r.body as { warnings?: { code: string }[] } | null)?.warnings ?? [];
  return { status: r.status, codes: warnings.map((w) => w.code) };
}

export async function pdfBench(): Promise<boolean> {
  const pdf = await hundredPages();
  const dir = mkdtempSync(join(tmpdir(), 'studybuddy-pdf-'));
  const file = join(dir, 'course.pdf');
  writeFileSync(file, pdf);
  const pool = createParsePool();
  const dataDir = join(dir, 'data');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    WEB_DIST: join(dir, 'no-web'),
  });
  const db = await connectDatabase(config.database);
  await migrateToLatest(db.db);
  const app = await buildApp({ config, db });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    console.log(`\nReading a ${PAGES}-page text PDF (${(pdf.length / 1024).toFixed(0)} KB)`);
    let text = '';
    // Warm: both reader processes start (two documents at once), as on a server that has read
    // files before; an idle pair then reads one long PDF in two runs of pages at once.
    await Promise.all([pool.parse('pdf', pdf), pool.parse('pdf', pdf)]);
    const splitBefore = pool.splitReads();
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await time(async () => {
          text = await pool.parse('pdf', pdf);
        }),
      );
    }
    const ours = median(runs);
    const split = pool.splitReads() - splitBefore;
    const poppler = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
    let ok = text.includes(`Page ${PAGES}, line 40`);
    if (poppler.error) {
      ok = false;
      console.log(
        `FAIL  unpdf ${ours.toFixed(0)} ms; pdftotext not found (apt-get install poppler-utils)`,
      );
    } else {
      const theirs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        theirs.push(await time(() => spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' })));
      }
      const ratio = ours / median(theirs);
      ok &&= ratio <= TARGET_RATIO;
      console.log(
        `${ok ? 'PASS' : 'FAIL'}  unpdf in the parser processes (${split} of ${RUNS} reads in two runs of pages) ${ours.toFixed(0)} ms, pdftotext ${median(theirs).toFixed(0)} ms: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)`,
      );
    }

    // Other students' requests, before and while one student's PDFs are being read.
    // The timing's readers are gone before the app's are measured.
    await pool.close();
    const reader = client(address);
    await reader.login('pdfreader');
    const topicId = await newTopic(reader);
    const other = client(address);
    await other.login('pdfother');
    const ask = () => other.call('GET', '/user/profile');
    const before = p99(await latencies(ask, LOAD_CLIENTS, LOAD_MS));
    let reading = true;
    let reads = 0;
    const uploads = (async () => {
      while (reading) {
        const r = await upload(reader, topicId, pdf);
        if (r.status >= 300) throw new Error(`the upload failed: ${r.status}`);
        reads += 1;
      }
    })();
    const during = p99(await latencies(ask, LOAD_CLIENTS, LOAD_MS));
    reading = false;
    await uploads;
    const loadOk = during <= 2 * before && reads > 0;
    ok &&= loadOk;
    console.log(
      `${loadOk ? 'PASS' : 'FAIL'}  other requests' p99 ${before.toFixed(1)} ms before, ${during.toFixed(1)} ms while ${reads} uploads were read (target <= 2x)`,
    );

    // Three students upload a PDF bomb at once, on a server whose readers are warm (the uploads
    // above started them), while the others keep asking.
    const bomb = await makePdfBomb(BOMB_MB);
    const bombers = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const student = client(address);
        await student.login(`pdfbomber${i}`);
        return { student, topicId: await newTopic(student) };
      }),
    );
    const tree = await sampleTreeRss();
    let bombing = true;
    const bombed = Promise.all(bombers.map((b) => upload(b.student, b.topicId, bomb))).finally(
      () => {
        bombing = false;
      },
    );
    const duringBombs = p99(await latenciesWhile(ask, LOAD_CLIENTS, () => bombing));
    const answers = await bombed;
    const peak = await tree.stop();
    const growthMb = (peak.total - tree.base.total) / 1024;
    const parsersMb = (peak.below - tree.base.below) / 1024;
    const bombOk = growthMb < TARGET_TREE_GROWTH_MB && answers.every((a) => a.status === 200);
    ok &&= bombOk;
    console.log(
      `${bombOk ? 'PASS' : 'FAIL'}  three ${(bomb.length / 1024).toFixed(0)} KB PDFs inflating to ${BOMB_MB} MB at once: process tree +${growthMb.toFixed(0)} MB at its peak over ${(tree.base.total / 1024).toFixed(0)} MB (target < ${TARGET_TREE_GROWTH_MB}; the parser processes alone +${parsersMb.toFixed(0)} MB at theirs), other requests' p99 ${duringBombs.toFixed(1)} ms meanwhile (${before.toFixed(1)} ms before); answered ${answers.map((a) => `${a.status} ${a.codes.join(',') || 'read'}`).join('; ')}`,
    );
    return ok;
  } finally {
    await app.close();
    await db.close();
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
