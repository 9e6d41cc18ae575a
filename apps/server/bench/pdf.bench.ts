/**
 * Reading a 100-page text PDF: the server's parser processes (unpdf, warm, two idle: each reads
 * half of the pages) against Debian's `pdftotext` (poppler, one process) on the same file,
 * median of 5; then the p99 of other students'
 * requests (20 clients reading their profile) before and while one student's uploads of that
 * PDF are read, back to back, on the production app (SQLite, builtin AI). Last, three students
 * upload a PDF bomb at once (pdf-bombs.bench.ts).
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
import { client } from './availability.bench.js';
import { latencies, newTopic, p99, time, upload } from './load.js';
import { pdfBombsBench } from './pdf-bombs.bench.js';

const PAGES = 100;
const RUNS = 5;
const TARGET_RATIO = 2;
const LOAD_CLIENTS = 20;
const LOAD_MS = 5_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

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

export async function pdfBench(): Promise<boolean> {
  const pdf = await hundredPages();
  const readingOk = await readingBench(pdf);
  // On a server of its own, so that the memory measured is the server's alone.
  const bombsOk = await pdfBombsBench(pdf);
  return readingOk && bombsOk;
}

/** The 100-page PDF against pdftotext, and other requests' p99 while it is read. */
async function readingBench(pdf: Buffer): Promise<boolean> {
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
    return ok;
  } finally {
    await app.close();
    await db.close();
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
