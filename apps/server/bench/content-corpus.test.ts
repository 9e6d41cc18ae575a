import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS, VARIANTS } from './content-corpus.js';
import { containsExpectedTerms, sectionsOf, words } from './content-metrics.js';

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
