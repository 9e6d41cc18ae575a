import { getPriority } from 'node:os';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import {
  makeDocx,
  makeDocxLyingSizes,
  makePdf,
  makePdfBomb,
  makePdfPages,
} from '../../testing/files.js';
import { createWorkPool } from '../work/work-pool.js';
import { detectKind } from './detect.js';
import { type FileReaders, ingestFile as ingest, ingestFiles } from './ingest.js';
import { parseDocument } from './parse-document.js';
import { createParsePool, PARSE_NICENESS } from './parse-pool.js';

const readers: FileReaders = { work: createWorkPool({ threads: 1 }), parse: createParsePool() };
const ingestFile = (name: string, data: Buffer) => ingest(name, data, readers);
afterAll(async () => {
  await readers.work.close();
  await readers.parse.close();
});

describe('ingestFile', () => {
  it('reads the text of a PDF in a worker', async () => {
    const pdf = await makePdf([
      'Photosynthesis converts light into chemical energy.',
      'Chlorophyll absorbs light.',
    ]);
    const r = await ingestFile('bio.pdf', pdf);
    expect(r.warning).toBeUndefined();
    expect(r.file?.kind).toBe('pdf');
    expect(r.file?.text).toContain('Photosynthesis converts light into chemical energy.');
    expect(r.file?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Read at a lower CPU priority than the server's, so its requests go first.
    const pids = readers.parse.pids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids)
      expect(getPriority(pid)).toBe(Math.min(19, getPriority() + PARSE_NICENESS));
  });

  it('normalizes the compatibility characters of a PDF as pdf.js does', async () => {
    // The micro sign (U+00B5) becomes the Greek mu (U+03BC), as ligatures become letters.
    const r = await ingestFile('cells.pdf', await makePdf(['Cells of 10\u00a0\u00b5m across.']));
    expect(r.file?.text).toContain('Cells of 10 \u03bcm across.');
    expect(r.file?.text).not.toContain('\u00b5');
  });

  it('reads a DOCX and keeps its headings as Markdown headings', async () => {
    const docx = await makeDocx([
      { heading: true, text: 'Cell division' },
      { text: 'Mitosis makes two identical cells.' },
    ]);
    const r = await ingestFile('notes.docx', docx);
    expect(r.warning).toBeUndefined();
    expect(r.file?.text).toContain('# Cell division');
    expect(r.file?.text).toContain('Mitosis makes two identical cells.');
  });

  it('reads text and Markdown as UTF-8', async () => {
    const r = await ingestFile('notes.md', Buffer.from('# Άλγεβρα\nΕξισώσεις πρώτου βαθμού.'));
    expect(r.file?.text).toContain('Άλγεβρα');
  });

  it.each([
    ['empty.pdf', Buffer.alloc(0), 'file_empty'],
    ['fake.pdf', Buffer.from('<html><body>not a pdf</body></html>'), 'file_type_mismatch'],
    [
      'image.txt',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
      'file_type_not_supported',
    ],
    ['broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf at all'), 'file_unreadable'],
    ['program.exe', Buffer.from('MZ plain text pretending'), 'file_type_not_supported'],
  ])('turns %s into a warning naming it', async (name, data, code) => {
    const r = await ingestFile(name, data);
    expect(r.file).toBeUndefined();
    expect(r.warning).toMatchObject({ code, params: { file: name } });
    expect(r.warning?.message).toContain(name);
  });

  it('reads a PDF in two runs of pages at once when two readers are idle: the same text', async () => {
    const pool = createParsePool({ size: 2 });
    try {
      const pages = Array.from({ length: 5 }, (_, p) =>
        Array.from({ length: 3 }, (_, l) => `Page ${p + 1} line ${l + 1} on momentum.`),
      );
      const pdf = await makePdfPages(pages);
      const whole = await parseDocument('pdf', pdf);
      expect(whole).toContain('Page 5 line 3 on momentum.');
      // Both readers started (two documents at once), then idle: the next PDF is split.
      await Promise.all([pool.parse('pdf', pdf), pool.parse('pdf', pdf)]);
      const before = pool.splitReads();
      expect(await pool.parse('pdf', pdf)).toBe(whole);
      expect(pool.splitReads()).toBe(before + 1);
      // A refusal of either run is the document's.
      const bomb = await makePdfPages(Array.from({ length: 501 }, () => ['x']));
      await expect(pool.parse('pdf', bomb)).rejects.toMatchObject({
        failure: { code: 'file_too_many_pages', count: 501 },
      });
    } finally {
      await pool.close();
    }
  });

  it('keeps a reader warm after an ordinary PDF however large the server is', async () => {
    // A spawned child inherits its parent's high-water mark of resident memory on Linux: read
    // as the child's own, a server past half the limit retired its reader after every file.
    const ballast = Buffer.alloc(400 * 1024 * 1024, 1);
    const pool = createParsePool({ size: 1 });
    try {
      const pdf = await makePdf(['Momentum is conserved.']);
      expect(await pool.parse('pdf', pdf)).toContain('Momentum is conserved.');
      const [reader] = pool.pids();
      expect(reader).toBeDefined();
      expect(await pool.parse('pdf', pdf)).toContain('Momentum is conserved.');
      expect(pool.pids()).toEqual([reader]);
      // What reading added to the reader, not the server's size.
      expect(pool.peakGrowthKb()).toBeGreaterThan(0);
      expect(pool.peakGrowthKb()).toBeLessThan(200 * 1024);
    } finally {
      await pool.close();
      expect(ballast[0]).toBe(1);
    }
  });

  it('names a file without the control characters of its name', async () => {
    const r = await ingestFile('evil\r\nname.pdf', Buffer.alloc(0));
    expect(r.warning).toMatchObject({ code: 'file_empty', params: { file: 'evilname.pdf' } });
  });

  it('refuses a zip bomb before inflating it', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', 'a'.repeat(60 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(detectKind(bomb)).toBe('docx');
    const before = process.memoryUsage().rss;
    const r = await ingestFile('bomb.docx', bomb);
    expect(r.warning).toMatchObject({ code: 'file_zip_bomb', params: { file: 'bomb.docx' } });
    expect(r.warning?.message).toContain('zip bomb');
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a DOCX whose archive lies about its sizes', async () => {
    const liar = await makeDocxLyingSizes(2);
    const r = await ingestFile('liar.docx', liar);
    expect(r.file).toBeUndefined();
    expect(r.warning).toMatchObject({ code: 'file_zip_bomb', params: { file: 'liar.docx' } });
  });

  it('reads a PDF bomb in a capped process: refused, the server keeps its memory', async () => {
    const bomb = await makePdfBomb(400);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage();
    const r = await ingestFile('bomb.pdf', bomb);
    const after = process.memoryUsage();
    expect(r.file).toBeUndefined();
    expect(r.warning).toMatchObject({ code: 'file_too_large', params: { file: 'bomb.pdf' } });
    expect(after.rss - before.rss).toBeLessThan(50 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50 * 1024 * 1024);
    // The pool goes on reading ordinary files afterwards.
    const ok = await ingestFile('ok.pdf', await makePdf(['Still reading files.']));
    expect(ok.file?.text).toContain('Still reading files.');
  });

  it('gives up on a file that takes too long', async () => {
    const slow: FileReaders = { work: readers.work, parse: createParsePool({ timeoutMs: 1 }) };
    const r = await ingest('slow.pdf', await makePdf(['slow']), slow);
    await slow.parse.close();
    expect(r.warning).toMatchObject({ code: 'file_read_timeout', params: { file: 'slow.pdf' } });
  });

  it('says a Word file whose archive is damaged is damaged', async () => {
    const damaged = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('no directory here: word/document.xml [Content_Types].xml'),
    ]);
    expect(detectKind(damaged)).toBe('docx');
    const r = await ingestFile('damaged.docx', damaged);
    expect(r.warning).toEqual({
      code: 'file_archive_damaged',
      params: { file: 'damaged.docx' },
      message: 'damaged.docx: the file is a damaged archive, so it was skipped.',
    });
  });

  it('names the files past the text allowance and tells of each refused file', async () => {
    const refused: string[] = [];
    const r = await ingestFiles(
      [
        { filename: 'a.md', data: Buffer.from('alpha beta gamma') },
        { filename: 'empty.md', data: Buffer.alloc(0) },
        { filename: 'b.md', data: Buffer.from('delta epsilon zeta eta theta iota') },
        { filename: 'c.md', data: Buffer.from('kappa') },
      ],
      readers,
      { maxChars: 30, onRefused: (w) => refused.push(w.code) },
    );
    expect(r.files.map((f) => f.name)).toEqual(['a.md', 'b.md']);
    expect(r.warnings.map((w) => [w.code, w.params.file])).toEqual([
      ['file_empty', 'empty.md'],
      ['file_over_text_limit', 'c.md'],
    ]);
    expect(refused).toEqual(['file_empty']);
  });

  it('keeps at most the text it is allowed', async () => {
    const r = await ingest('long.md', Buffer.from('word '.repeat(1000)), readers, { maxChars: 50 });
    expect(r.file?.text.length).toBe(50);
  });
});
