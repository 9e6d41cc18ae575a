import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { AnkiMemoryRead, AnkiReviewRead } from './anki-read.js';
import { readAnkiPackage } from './read-package.js';
import {
  type AnkiCardWrite,
  type AnkiPackageWrite,
  fieldHtml,
  writeAnkiPackage,
} from './write-package.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY_MS = 86_400_000;
const at = (days: number, minutes = 0) =>
  new Date(NOW.getTime() + days * DAY_MS + minutes * 60_000).toISOString();

function memory(state: AnkiMemoryRead['state'], due: string, more: Partial<AnkiMemoryRead> = {}) {
  return {
    due,
    stability: state === 0 ? 0 : 6.5,
    difficulty: state === 0 ? 0 : 4.2,
    elapsedDays: 0,
    scheduledDays: state === 2 ? 6 : 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state,
    lastReview: null,
    ...more,
  } satisfies AnkiMemoryRead;
}

/** A card's answers, days from NOW; each card's a minute later than the last's. */
let minute = 0;
function reviews(list: [days: number, rating: AnkiReviewRead['rating']][]): AnkiReviewRead[] {
  minute++;
  return list.map(([d, rating]) => ({ at: at(d, -minute), rating }));
}

function cardOf(guid: string, set: Partial<AnkiCardWrite>): AnkiCardWrite {
  return {
    guid,
    front: `front ${guid}`,
    back: `back ${guid}`,
    tags: [],
    suspended: false,
    memory: memory(0, NOW.toISOString()),
    reviews: [],
    ...set,
  };
}

const INPUT: AnkiPackageWrite = {
  now: NOW,
  decks: [
    {
      name: 'Biology::Cells',
      cards: [
        cardOf('review-tomorrow', {
          front: 'What is the powerhouse of the cell?',
          back: 'The mitochondrion\n(an organelle)',
          tags: ['biology', 'Biology::Cells'],
          memory: memory(2, at(1, 180), { reps: 3, lastReview: at(-3) }),
          reviews: reviews([
            [-10, 3],
            [-9, 3],
            [-3, 3],
          ]),
        }),
        cardOf('new-one', {
          front: 'a < b && c > d\n  indented\twith a tab',
          back: '$x^2$ and "quotes" & \'apostrophes\'',
          tags: ['two words'],
        }),
        cardOf('suspended', {
          suspended: true,
          memory: memory(2, at(20), { reps: 2 }),
          reviews: reviews([
            [-30, 3],
            [-25, 4],
          ]),
        }),
      ],
    },
    {
      name: 'Chemistry',
      cards: [
        cardOf('learning', {
          memory: memory(1, at(0, 10), { reps: 1 }),
          reviews: reviews([[0, 1]]),
        }),
        cardOf('relearning', {
          memory: memory(3, at(0, 5), { reps: 4, lapses: 1 }),
          reviews: reviews([
            [-20, 3],
            [-19, 3],
            [-10, 3],
            [0, 1],
          ]),
        }),
        cardOf('overdue-no-log', { memory: memory(2, at(-4), { reps: 5 }) }),
      ],
    },
  ],
};

async function collectionOf(pkg: Uint8Array) {
  const zip = await JSZip.loadAsync(pkg);
  const media = await zip.file('media')?.async('string');
  const bytes = await zip.file('collection.anki2')?.async('nodebuffer');
  if (!bytes) throw new Error('no collection.anki2');
  return {
    names: Object.keys(zip.files).sort(),
    media,
    db: new Database(bytes, { readonly: true }),
  };
}

describe('writeAnkiPackage', () => {
  it('reads back to the same decks, cards, tags, suspensions, reviews and due days', async () => {
    const read = await readAnkiPackage(await writeAnkiPackage(INPUT), 'StudyBuddy.apkg');
    expect(read.format).toBe('anki2');
    expect(read.decks.map((d) => [d.name, d.cards, d.reviews])).toEqual([
      ['Biology', 0, 0],
      ['Biology::Cells', 3, 5],
      ['Chemistry', 3, 5],
    ]);
    expect(read.warnings).toEqual([]);
    const written = INPUT.decks.flatMap((d) => d.cards);
    expect(read.cards).toHaveLength(written.length);
    for (const w of written) {
      const r = read.cards.find((c) => c.key === `${w.guid}:0`);
      expect(r, w.guid).toMatchObject({
        front: w.front,
        back: w.back,
        tags: w.tags.map((t) => t.replace(/\s+/g, '_')),
        suspended: w.suspended,
        reviews: w.reviews,
      });
      expect(r?.memory.state, w.guid).toBe(w.memory.state);
      // Review cards are due on their day; learning ones at their second.
      if (w.memory.state === 2) expect(r?.memory.due.slice(0, 10)).toBe(w.memory.due.slice(0, 10));
      if (w.memory.state === 1 || w.memory.state === 3) expect(r?.memory.due).toBe(w.memory.due);
    }
  });

  it('writes the legacy collection Anki and AnkiDroid import, with a Basic note type', async () => {
    const { names, media, db } = await collectionOf(await writeAnkiPackage(INPUT));
    try {
      expect(names).toEqual(['collection.anki2', 'media']);
      expect(media).toBe('{}');
      const col = db.prepare('SELECT ver, conf, models, decks FROM col').get() as {
        ver: number;
        conf: string;
        models: string;
        decks: string;
      };
      expect(col.ver).toBe(11);
      expect(JSON.parse(col.conf)).toMatchObject({ schedVer: 2 });
      const models = Object.values(JSON.parse(col.models)) as {
        name: string;
        flds: { name: string }[];
      }[];
      expect(models.map((m) => [m.name, m.flds.map((f) => f.name)])).toEqual([
        ['Basic', ['Front', 'Back']],
      ]);
      const decks = Object.values(JSON.parse(col.decks)) as { id: number; name: string }[];
      expect(decks.map((d) => d.name).sort()).toEqual([
        'Biology',
        'Biology::Cells',
        'Chemistry',
        'Default',
      ]);
      expect(decks.find((d) => d.name === 'Default')?.id).toBe(1);
      const rows = db
        .prepare(
          'SELECT n.guid, n.flds, c.type, c.queue, c.ivl, c.data FROM cards c JOIN notes n ON n.id = c.nid',
        )
        .all() as {
        guid: string;
        flds: string;
        type: number;
        queue: number;
        ivl: number;
        data: string;
      }[];
      const row = (guid: string) => rows.find((r) => r.guid === guid);
      expect(row('new-one')?.flds).toBe(
        'a &lt; b &amp;&amp; c &gt; d<br>&nbsp;&nbsp;indented&#9;with a tab\x1f$x^2$ and "quotes" &amp; \'apostrophes\'',
      );
      expect(row('review-tomorrow')).toMatchObject({ type: 2, queue: 2, ivl: 6 });
      expect(JSON.parse(row('review-tomorrow')?.data ?? '')).toEqual({ s: 6.5, d: 4.2 });
      expect(row('suspended')).toMatchObject({ type: 2, queue: -1 });
      expect(row('learning')).toMatchObject({ type: 1, queue: 1 });
      expect(row('relearning')).toMatchObject({ type: 3, queue: 1 });
      const kinds = db
        .prepare(
          'SELECT type, ease FROM revlog WHERE cid = (SELECT c.id FROM cards c JOIN notes n ON n.id = c.nid WHERE n.guid = ?) ORDER BY id',
        )
        .all('relearning');
      // Learning, learning, review, and the lapse in review.
      expect(kinds).toEqual([
        { type: 0, ease: 3 },
        { type: 0, ease: 3 },
        { type: 1, ease: 3 },
        { type: 1, ease: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});

describe('fieldHtml', () => {
  it('escapes, breaks lines, and keeps the spaces HTML would collapse', () => {
    expect(fieldHtml('<b>not bold</b> & co')).toBe('&lt;b&gt;not bold&lt;/b&gt; &amp; co');
    expect(fieldHtml('one\r\ntwo\nthree')).toBe('one<br>two<br>three');
    expect(fieldHtml(' a  b ')).toBe('&nbsp;a &nbsp;b&nbsp;');
  });
});
