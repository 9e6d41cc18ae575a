import { readdirSync, readFileSync } from 'node:fs';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, VARIANTS } from './content-corpus.js';
import { loadNotesFile, notesPdf } from './content-documents.js';
import { containsExpectedTerms, sectionsOf, tocEntries, words } from './content-metrics.js';
import { NOTES_CORPUS, type NotesSubject } from './content-notes.js';

const read = (id: string, variant: string) =>
  readFileSync(new URL(`./content-corpus/${id}/${variant}.md`, import.meta.url), 'utf8');

describe('the content corpus', () => {
  it('has four subjects or more, one of them not in English', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(4);
    expect(CORPUS.some((s) => s.language !== 'en')).toBe(true);
  });

  it('gives every topic a section in the prose and in the terse notes of its subject', () => {
    for (const s of CORPUS)
      for (const v of VARIANTS) {
        const headings = [...sectionsOf(read(s.id, v)).keys()];
        expect(headings, `${s.id}/${v}`).toEqual(s.topics.map((t) => t.name));
      }
  });

  it('has the expected terms of each covered question in its topic’s section of both files', () => {
    for (const s of CORPUS)
      for (const v of VARIANTS) {
        const sections = sectionsOf(read(s.id, v));
        for (const t of s.topics)
          for (const q of t.covered)
            expect(
              containsExpectedTerms(sections.get(t.name) ?? '', q.terms, s.language),
              `${s.id}/${v}: ${q.question}`,
            ).toBe(true);
      }
  });

  it('asks uncovered questions whose words are not all in the material', () => {
    for (const s of CORPUS)
      for (const v of VARIANTS) {
        const text = ` ${words(read(s.id, v)).join(' ')} `;
        for (const t of s.topics)
          for (const q of t.uncovered) {
            const missing = words(q).filter((w) => w.length > 3 && !text.includes(` ${w} `));
            expect(missing.length, `${s.id}/${v}: ${q}`).toBeGreaterThan(0);
          }
      }
  });
});

describe('the notes corpus', () => {
  const folder = (s: NotesSubject) => new URL(`./content-corpus/notes/${s.id}/`, import.meta.url);
  const written = (s: NotesSubject, name: string) =>
    readFileSync(new URL(name.endsWith('.md') ? name : `${name}.txt`, folder(s)), 'utf8');
  const all = NOTES_CORPUS.flatMap((s) => s.files.map((f) => written(s, f.name))).join('\n');
  const loaded = new Map<string, { name: string; text: string }[]>();
  beforeAll(async () => {
    for (const s of NOTES_CORPUS)
      loaded.set(s.id, await Promise.all(s.files.map((f) => loadNotesFile(s, f))));
  });
  const files = (s: NotesSubject) => loaded.get(s.id) ?? [];

  it('has about twenty files, split about 60/40 by subject into a development and a held-out part', () => {
    const count = NOTES_CORPUS.reduce((n, s) => n + s.files.length, 0);
    expect(count).toBeGreaterThanOrEqual(16);
    const dev = NOTES_CORPUS.filter((s) => s.split === 'dev').length;
    expect(dev / NOTES_CORPUS.length).toBeGreaterThanOrEqual(0.5);
    expect(dev / NOTES_CORPUS.length).toBeLessThanOrEqual(0.7);
    expect(CORPUS.every((s) => s.split === 'dev')).toBe(true);
  });

  it('lists every file of its folders, and only those', () => {
    for (const s of NOTES_CORPUS) {
      const onDisk = readdirSync(folder(s)).sort();
      const listed = s.files.map((f) => (f.name.endsWith('.md') ? f.name : `${f.name}.txt`));
      expect(onDisk, s.id).toEqual(listed.sort());
    }
  });

  it('has the shapes of real notes, in Spanish and Greek as well as English', () => {
    expect(all).toMatch(/^---\n[\s\S]*?\n---\n/m);
    expect(all).toContain('![[');
    expect(all).toMatch(/[^!]\[\[[\w-]+\]\]/);
    expect(all).toMatch(/^\|---\|/m);
    expect(all).toContain('```c');
    expect(all).toMatch(/\$\$[^$]+\$\$/);
    expect(all).toMatch(/\$[^$\n]*\\frac/);
    expect(all).toMatch(/^## Formulas/m);
    expect(all).toMatch(/^- (Military|Economic): /m);
    const languages = new Set(NOTES_CORPUS.map((s) => s.language));
    expect([...languages]).toEqual(expect.arrayContaining(['en', 'es', 'el']));
    for (const split of ['dev', 'held-out']) {
      const part = NOTES_CORPUS.filter((s) => s.split === split).flatMap((s) => s.files);
      expect(
        part.some((f) => f.name.endsWith('.pdf')),
        split,
      ).toBe(true);
      expect(
        part.some((f) => f.name.endsWith('.docx')),
        split,
      ).toBe(true);
    }
  });

  it('reads its PDFs with hard line breaks mid-sentence and a running header and footer on every page', async () => {
    for (const s of NOTES_CORPUS)
      for (const [i, f] of s.files.entries()) {
        if (!f.name.endsWith('.pdf')) continue;
        // The PDF as built holds them (pdf.js's own text, line by line) ...
        const pdf = await notesPdf(
          readFileSync(
            new URL(`./content-corpus/notes/${s.id}/${f.name}.txt`, import.meta.url),
            'utf8',
          ),
          f.runningHeader ?? '',
        );
        const { text: pages } = await extractText(pdf, { mergePages: false });
        expect(pages.length, f.name).toBeGreaterThan(1);
        for (const page of pages) {
          expect(page, f.name).toContain(f.runningHeader ?? '');
          expect(page, f.name).toMatch(/Page \d+ of \d+/);
        }
        expect(pages.join('\n'), f.name).toMatch(/[a-z,]\n[a-z]/);
        // ... and the app's reader drops them, and marks the headings.
        const text = files(s)[i]?.text ?? '';
        expect(text, f.name).not.toContain(f.runningHeader ?? '');
        expect(text, f.name).not.toMatch(/Page \d+ of \d+/);
        expect(text, f.name).toMatch(/^## /m);
      }
  });

  it('reads its Word files with a table of contents that ends in page numbers', () => {
    for (const s of NOTES_CORPUS)
      for (const [i, f] of s.files.entries())
        if (f.name.endsWith('.docx')) {
          const text = files(s)[i]?.text ?? '';
          expect(tocEntries(text).length, f.name).toBeGreaterThan(2);
          expect(text, f.name).toMatch(/^# /m);
        }
  });

  it('names one topic by its file name only', () => {
    const byFileName = NOTES_CORPUS.flatMap((s) =>
      s.topics.filter((t) =>
        t.sources.some((src) => !src.headings && !written(s, src.file).includes(t.name)),
      ),
    );
    expect(byFileName.length).toBeGreaterThan(0);
  });

  it('finds every topic’s headings, and the expected terms of its covered questions in its material', () => {
    for (const s of NOTES_CORPUS) {
      const texts = new Map(files(s).map((f) => [f.name, f.text]));
      for (const t of s.topics) {
        let own = '';
        for (const src of t.sources) {
          const text = texts.get(src.file);
          expect(text, `${s.id}: ${src.file}`).toBeDefined();
          const sections = sectionsOf(text ?? '');
          for (const h of src.headings ?? [])
            expect(sections.has(h), `${s.id}: ${src.file}#${h}`).toBe(true);
          own += src.headings ? src.headings.map((h) => sections.get(h)).join('\n') : text;
        }
        for (const q of t.covered) {
          expect(containsExpectedTerms(own, q.terms, s.language), `${s.id}: ${q.question}`).toBe(
            true,
          );
          if (q.unit) {
            const section = sectionsOf(texts.get(q.unit.file) ?? '').get(q.unit.heading);
            expect(section, `${s.id}: ${q.question}`).toBeDefined();
            expect(own.includes((section ?? '\u0000').trim()), `${s.id}: ${q.question}`).toBe(true);
          }
        }
      }
    }
  });

  it('asks uncovered questions whose words are not all in the subject’s material', () => {
    for (const s of NOTES_CORPUS) {
      const text = ` ${words(
        files(s)
          .map((f) => f.text)
          .join('\n'),
      ).join(' ')} `;
      for (const t of s.topics)
        for (const q of t.uncovered) {
          const missing = words(q).filter((w) => w.length > 3 && !text.includes(` ${w} `));
          expect(missing.length, `${s.id}: ${q}`).toBeGreaterThan(0);
        }
    }
  });
});
