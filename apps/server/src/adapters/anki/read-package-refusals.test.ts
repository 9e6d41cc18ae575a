import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  card,
  corruptSqlite,
  NOTE_TYPES,
  notAZip,
  note,
  oneCardCollection,
  packageOfCollection,
  studyCollection,
  tooManyCards,
  trapCollection,
  triggerCollection,
  UNSAFE_MEDIA_NAMES,
  zipBomb,
  zipWithoutCollection,
} from '../../testing/anki/anki-fixtures.js';
import { buildAnkiPackage, zstd } from '../../testing/anki/anki-package-builder.js';
import { ANKI_LIMITS } from './anki-limits.js';
import type { AnkiRefusalCode } from './anki-read.js';
import { AnkiRefusal } from './anki-refusal.js';
import { readAnkiPackage } from './read-package.js';

const NOW = new Date('2026-03-10T12:00:00Z');

async function refusal(read: Promise<unknown>): Promise<AnkiRefusalCode> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AnkiRefusal)) throw new Error(`not refused: ${String(err)}`);
  return err.code;
}

describe('packages refused as a whole', () => {
  it('refuses a file not named .apkg or .colpkg, whatever it holds', async () => {
    const pkg = await buildAnkiPackage(oneCardCollection(NOW), 'anki2');
    expect(await refusal(readAnkiPackage(pkg, 'deck.zip'))).toBe('anki_wrong_extension');
    expect(await refusal(readAnkiPackage(pkg, 'collection.anki2'))).toBe('anki_wrong_extension');
  });

  it('refuses a file that is no ZIP, and a ZIP without a collection', async () => {
    expect(await refusal(readAnkiPackage(notAZip(), 'deck.apkg'))).toBe('anki_not_a_package');
    expect(await refusal(readAnkiPackage(await zipWithoutCollection(), 'deck.apkg'))).toBe(
      'anki_not_a_package',
    );
  });

  it('refuses a ZIP bomb as it inflates', async () => {
    const bomb = await zipBomb(16);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(readAnkiPackage(bomb, 'bomb.apkg'))).toBe('file_zip_bomb');
  });

  it('refuses a zstd collection that inflates past the cap', async () => {
    const zip = new JSZip();
    zip.file('collection.anki21b', await zstd(Buffer.alloc(2 * 1024 * 1024)));
    const pkg = await zip.generateAsync({ type: 'nodebuffer' });
    const limits = { ...ANKI_LIMITS, maxCollectionBytes: 1024 * 1024 };
    expect(await refusal(readAnkiPackage(pkg, 'z.apkg', limits))).toBe('file_zip_bomb');
  });

  it('refuses a package of more entries than the cap', async () => {
    const zip = new JSZip();
    zip.file('collection.anki2', 'x');
    for (let i = 0; i < 20; i++) zip.file(String(i), 'm');
    const pkg = await zip.generateAsync({ type: 'nodebuffer' });
    const limits = { ...ANKI_LIMITS, maxEntries: 10 };
    expect(await refusal(readAnkiPackage(pkg, 'many.apkg', limits))).toBe(
      'file_archive_too_many_entries',
    );
  });

  it('refuses 200,001 cards on their count, before reading one', async () => {
    const pkg = await tooManyCards(NOW);
    const started = performance.now();
    expect(await refusal(readAnkiPackage(pkg, 'huge.apkg'))).toBe('anki_too_many_cards');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses a damaged collection, and one that is no SQLite at all', async () => {
    for (const bytes of [corruptSqlite(), Buffer.from('not a database, only text')]) {
      const pkg = await packageOfCollection(bytes);
      expect(await refusal(readAnkiPackage(pkg, 'broken.apkg'))).toBe('anki_collection_damaged');
    }
    const zip = new JSZip();
    zip.file('collection.anki21b', 'not zstd');
    const pkg = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await refusal(readAnkiPackage(pkg, 'broken.apkg'))).toBe('anki_collection_damaged');
  });

  it('refuses a collection whose table is a view, running none of it', async () => {
    // The view never ends: had it been read, the test would time out.
    const pkg = await trapCollection(NOW);
    expect(await refusal(readAnkiPackage(pkg, 'trap.apkg'))).toBe('anki_collection_damaged');
  });

  it('reads a collection with triggers and views beside its tables, firing none', async () => {
    const r = await readAnkiPackage(await triggerCollection(NOW), 'triggers.apkg');
    expect(r.cards).toMatchObject([{ front: 'kept', back: 'as it is' }]);
  });

  it('refuses a note of a note type the collection does not have', async () => {
    const c = oneCardCollection(NOW);
    c.notes = [note(1, 4242, 'lost', ['a', 'b'])];
    const pkg = await buildAnkiPackage(c, 'anki2');
    expect(await refusal(readAnkiPackage(pkg, 'x.apkg'))).toBe('anki_collection_damaged');
  });

  it.each(['anki2', 'anki21b'] as const)(
    'refuses a %s media list naming paths, reading nothing of it',
    async (format) => {
      const c = studyCollection(NOW);
      const pkg = await buildAnkiPackage(c, format, { mediaNames: UNSAFE_MEDIA_NAMES });
      expect(await refusal(readAnkiPackage(pkg, 'media.apkg'))).toBe('anki_unsafe_media_name');
    },
  );

  it('refuses a package without cards, and reads one whose cards are all empty with why', async () => {
    const c = oneCardCollection(NOW);
    c.notes = [note(1, NOTE_TYPES.basic.id, 'only-sound', ['[sound:a.mp3]', ''])];
    c.cards = [card(1, 1, 1, {})];
    // As Anki's own media.apkg: one card of a sound alone, nothing to show once it goes.
    const read = await readAnkiPackage(await buildAnkiPackage(c, 'anki2'), 'e.apkg');
    expect(read.cards).toEqual([]);
    expect(read.warnings).toEqual([
      { code: 'anki_sound_dropped', count: 1 },
      { code: 'anki_empty_cards_skipped', count: 1 },
    ]);
    c.cards = [];
    expect(await refusal(readAnkiPackage(await buildAnkiPackage(c, 'anki2'), 'e.apkg'))).toBe(
      'anki_no_cards',
    );
  });
});
