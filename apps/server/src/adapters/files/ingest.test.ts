import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDocx, makeDocxLyingSizes, makePdf, makePdfBomb } from '../../testing/files.js';
import { createWorkPool } from '../work/work-pool.js';
import { detectKind } from './detect.js';
import { type FileReaders, ingestFile as ingest } from './ingest.js';
import { createParsePool } from './parse-pool.js';

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
    ['empty.pdf', Buffer.alloc(0), 'empty'],
    ['fake.pdf', Buffer.from('<html><body>not a pdf</body></html>'), 'not what its name says'],
    ['image.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]), 'not a PDF'],
    ['broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf at all'), 'broken.pdf'],
    ['program.exe', Buffer.from('MZ plain text pretending'), 'not a PDF'],
  ])('turns %s into a warning naming it', async (name, data, text) => {
    const r = await ingestFile(name, data);
    expect(r.file).toBeUndefined();
    expect(r.warning).toContain(name);
    expect(r.warning).toContain(text);
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
    expect(r.warning).toContain('zip bomb');
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a DOCX whose archive lies about its sizes', async () => {
    const liar = await makeDocxLyingSizes(2);
    const r = await ingestFile('liar.docx', liar);
    expect(r.file).toBeUndefined();
    expect(r.warning).toContain('zip bomb');
  });

  it('reads a PDF bomb in a capped process: refused, the server keeps its memory', async () => {
    const bomb = await makePdfBomb(400);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage();
    const r = await ingestFile('bomb.pdf', bomb);
    const after = process.memoryUsage();
    expect(r.file).toBeUndefined();
    expect(r.warning).toContain('too large to read');
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
    expect(r.warning).toContain('took too long');
  });

  it('keeps at most the text it is allowed', async () => {
    const r = await ingest('long.md', Buffer.from('word '.repeat(1000)), readers, { maxChars: 50 });
    expect(r.file?.text.length).toBe(50);
  });
});
