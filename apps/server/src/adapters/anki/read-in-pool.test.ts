import { afterAll, describe, expect, it } from 'vitest';
import { notAZip, studyCollection } from '../../testing/anki/anki-fixtures.js';
import { buildAnkiPackage } from '../../testing/anki/anki-package-builder.js';
import { createParsePool } from '../files/parse-pool.js';
import { AnkiRefusal } from './anki-refusal.js';
import { readAnkiPackage } from './read-package.js';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('an Anki package read in the parser processes', () => {
  const pool = createParsePool({ size: 1, memoryMb: 256 });
  afterAll(() => pool.close());

  it('gives what the reader gives, across the process boundary', async () => {
    const pkg = await buildAnkiPackage(studyCollection(NOW), 'anki21b');
    const read = await pool.readAnki(pkg, 'Study.apkg');
    expect(read).toEqual(await readAnkiPackage(pkg, 'Study.apkg'));
  });

  it('rejects a refused package with its refusal', async () => {
    const err = await pool.readAnki(notAZip(), 'deck.apkg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnkiRefusal);
    expect(err).toMatchObject({ code: 'anki_not_a_package' });
    const wrong = await pool.readAnki(notAZip(), 'deck.txt').catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'anki_wrong_extension' });
  });
});
