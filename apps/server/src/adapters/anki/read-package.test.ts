import { describe, expect, it } from 'vitest';
import {
  card,
  creation,
  DAY_S,
  DECKS,
  NOTE_TYPES,
  note,
  oneCardCollection,
  studyCollection,
} from '../../testing/anki/anki-fixtures.js';
import { buildAnkiPackage } from '../../testing/anki/anki-package-builder.js';
import type { AnkiCardRead, AnkiFormat, AnkiPackageRead } from './anki-read.js';
import { readAnkiPackage } from './read-package.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const dayOf = (iso: string) => iso.slice(0, 10);
/** The UTC date `days` from NOW's. */
const dateIn = (days: number) => dayOf(new Date(NOW.getTime() + days * DAY_S * 1000).toISOString());

function byKey(read: AnkiPackageRead, key: string): AnkiCardRead {
  const found = read.cards.find((c) => c.key === key);
  if (!found) throw new Error(`no card ${key}`);
  return found;
}

describe.each<AnkiFormat>(['anki2', 'anki21', 'anki21b'])('a %s package', (format) => {
  let read: AnkiPackageRead;
  const load = async () => {
    read ??= await readAnkiPackage(
      await buildAnkiPackage(studyCollection(NOW), format),
      'Study.apkg',
    );
    return read;
  };

  it('says which collection file it carried (the newest, not the stub beside it)', async () => {
    const r = await load();
    expect(r.format).toBe(format);
    expect(r.cards.some((c) => c.front.includes('Please update'))).toBe(false);
  });

  it('gives the decks that hold cards, with their parents, counted', async () => {
    const r = await load();
    expect(r.decks).toEqual([
      { id: '10', name: 'Biology', path: ['Biology'], notes: 0, cards: 0, reviews: 0 },
      {
        id: '11',
        name: 'Biology::Cells',
        path: ['Biology', 'Cells'],
        notes: 4,
        cards: 5,
        reviews: 8,
      },
      {
        id: '12',
        name: 'Biology::Genetics',
        path: ['Biology', 'Genetics'],
        notes: 3,
        cards: 4,
        reviews: 8,
      },
      { id: '13', name: 'Chemistry', path: ['Chemistry'], notes: 2, cards: 2, reviews: 1 },
    ]);
  });

  it('reads Basic, reversed and cloze cards, and tells the other note types', async () => {
    const r = await load();
    expect(byKey(r, 'cells-1:0')).toMatchObject({
      front: 'What is the powerhouse of the cell?',
      back: 'The mitochondrion',
      tags: ['biology', 'cells'],
      deckId: '11',
    });
    expect(byKey(r, 'gen-1:0')).toMatchObject({ front: 'gene', back: 'a unit of heredity' });
    expect(byKey(r, 'gen-1:1')).toMatchObject({ front: 'a unit of heredity', back: 'gene' });
    expect(byKey(r, 'cells-3:0')).toMatchObject({
      front: 'The [...] holds the DNA.',
      back: 'The nucleus holds the DNA.\nOnly in eukaryotes',
    });
    expect(byKey(r, 'cells-3:1').front).toBe('The nucleus holds the [genetic material].');
    expect(byKey(r, 'chem-1:0')).toMatchObject({ front: 'sodium', back: 'Natrium' });
    expect(r.warnings).toContainEqual({
      code: 'anki_other_note_type',
      count: 1,
      name: 'Vocabulary',
    });
  });

  it('reads field HTML into text: blocks as lines, entities, no script, math as $', async () => {
    const r = await load();
    expect(byKey(r, 'cells-2:0')).toMatchObject({
      front: 'Line one\nLine two\nLine three',
      back: 'a < b & c $x^2$ and $$E=mc^2$$',
    });
  });

  it('keeps the pictures it has, drops sounds and videos, and tells what it left out', async () => {
    const r = await load();
    const c = byKey(r, 'chem-2:0');
    expect(c).toMatchObject({ front: 'What is this?', back: 'An atom' });
    expect(c.images).toEqual([
      { name: 'atom.png', mime: 'image/png', base64: expect.stringMatching(/^iVBOR/) },
    ]);
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        { code: 'anki_sound_dropped', count: 2 },
        { code: 'anki_video_dropped', count: 1 },
        { code: 'anki_image_missing', count: 2 },
      ]),
    );
  });

  it('skips a card left empty, and says so', async () => {
    const r = await load();
    expect(r.cards.map((c) => c.key)).not.toContain('chem-3:0');
    expect(r.cards).toHaveLength(11);
    expect(r.warnings).toContainEqual({ code: 'anki_empty_cards_skipped', count: 1 });
  });

  it("gives review cards Anki's due day and a memory rebuilt from their log", async () => {
    const r = await load();
    const tomorrow = byKey(r, 'cells-1:0');
    expect(dayOf(tomorrow.memory.due)).toBe(dateIn(1));
    expect(tomorrow.memory).toMatchObject({ state: 2, reps: 3, lapses: 0, scheduledDays: 3 });
    expect(tomorrow.memory.stability).toBeGreaterThan(3);
    expect(tomorrow.reviews.map((x) => x.rating)).toEqual([3, 3, 3]);
    expect(tomorrow.memory.lastReview).toBe(tomorrow.reviews[2]?.at);

    const lapsed = byKey(r, 'gen-1:0');
    expect(dayOf(lapsed.memory.due)).toBe(dateIn(5));
    expect(lapsed.memory).toMatchObject({ state: 2, reps: 4, lapses: 1 });
    expect(lapsed.reviews.map((x) => x.rating)).toEqual([3, 3, 1, 3]);
  });

  it('gives a learning card its due instant', async () => {
    const r = await load();
    const learning = byKey(r, 'chem-2:0');
    expect(learning.memory.state).toBe(1);
    expect(learning.memory.due).toBe(new Date(NOW.getTime() + 10 * 60_000).toISOString());
    expect(learning.reviews).toHaveLength(1);
  });

  it('keeps a card in a filtered deck at home, due when it was before', async () => {
    const r = await load();
    const borrowed = byKey(r, 'gen-2:0');
    expect(borrowed.deckId).toBe('12');
    expect(dayOf(borrowed.memory.due)).toBe(dateIn(3));
    // Its cram answer in the filtered deck is no review.
    expect(borrowed.reviews).toHaveLength(2);
    expect(r.decks.map((d) => d.name)).not.toContain('Biology::Exam cram');
  });

  it('suspends suspended cards only (a buried card is not), and keeps new ones new', async () => {
    const r = await load();
    expect(byKey(r, 'cells-3:1')).toMatchObject({ suspended: true, memory: { state: 2 } });
    const buried = byKey(r, 'gen-3:0');
    expect(buried.suspended).toBe(false);
    expect(dayOf(buried.memory.due)).toBe(dateIn(-3));
    // A manual reschedule is no review.
    expect(buried.reviews).toHaveLength(2);
    const fresh = byKey(r, 'cells-2:0');
    expect(fresh).toMatchObject({ suspended: false, newPosition: 5 });
    expect(fresh.memory).toMatchObject({ state: 0, reps: 0, lastReview: null });
    expect(fresh.memory.due).toBe(new Date(creation(NOW) * 1000).toISOString());
  });

  it('keeps a card reset to new new, with the answers it had', async () => {
    const r = await load();
    const reset = byKey(r, 'cells-4:0');
    expect(reset.memory).toMatchObject({ state: 0, stability: 0, reps: 0 });
    expect(reset.reviews).toHaveLength(3);
    expect(reset.newPosition).toBe(10);
  });
});

describe('readAnkiPackage', () => {
  it('reads a .colpkg as it reads an .apkg', async () => {
    const pkg = await buildAnkiPackage(oneCardCollection(NOW, 'q', 'a'), 'anki2');
    const r = await readAnkiPackage(pkg, 'collection.COLPKG');
    expect(r.cards).toMatchObject([{ front: 'q', back: 'a' }]);
    expect(r.decks).toMatchObject([{ id: '1', name: 'Default', notes: 1, cards: 1 }]);
  });

  it('reads the first two fields of a note type it does not know, once warned per type', async () => {
    const c = oneCardCollection(NOW);
    const custom = { ...NOTE_TYPES.vocabulary, id: 77, name: 'Word & Example' };
    c.noteTypes.push(custom);
    c.notes = [
      note(1, custom.id, 'w1', ['one', 'eins', 'Eins, zwei']),
      note(2, custom.id, 'w2', ['two', 'zwei', '']),
    ];
    c.cards = [card(1, 1, 1, { due: 1 }), card(2, 2, 1, { due: 2 })];
    const r = await readAnkiPackage(await buildAnkiPackage(c, 'anki21b'), 'words.apkg');
    expect(r.cards.map((x) => [x.front, x.back])).toEqual([
      ['one', 'eins'],
      ['two', 'zwei'],
    ]);
    expect(r.warnings).toEqual([
      { code: 'anki_other_note_type', count: 2, name: 'Word & Example' },
    ]);
  });

  it('reads cloze deletions in more than one field, and cards whose deletion is gone', async () => {
    const c = oneCardCollection(NOW);
    const multi = {
      id: 88,
      name: 'Two clozes',
      cloze: true,
      fields: ['Intro', 'First', 'Second', 'Extra'],
      templates: [{ name: 'Cloze', qfmt: '{{Intro}} {{cloze:First}} {{cloze:Second}}', afmt: '' }],
    };
    c.noteTypes.push(multi);
    c.notes = [note(1, multi.id, 'm', ['intro', 'a {{c1::b}}', '{{c2::c}} d', 'more'])];
    c.cards = [card(1, 1, 1, { ord: 0 }), card(2, 1, 1, { ord: 1 }), card(3, 1, 1, { ord: 2 })];
    const r = await readAnkiPackage(await buildAnkiPackage(c, 'anki2'), 'c.apkg');
    expect(r.cards.map((x) => x.front)).toEqual(['a [...]\nc d', 'a b\n[...] d', 'a b\nc d']);
    expect(r.cards[0]?.back).toBe('a b\nc d\nmore');
  });

  it('puts a card whose deck is gone in Default, as Anki does', async () => {
    const c = oneCardCollection(NOW);
    c.decks = [DECKS.default, DECKS.chemistry];
    c.cards = [card(1, 1, 999, { due: 1 })];
    const r = await readAnkiPackage(await buildAnkiPackage(c, 'anki21'), 'lost.apkg');
    expect(r.cards[0]?.deckId).toBe('1');
    expect(r.decks.map((d) => d.name)).toEqual(['Default']);
  });
});
