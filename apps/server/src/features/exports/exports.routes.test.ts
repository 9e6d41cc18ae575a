import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';
import { cardsCsv, tagOf } from './exports.service.js';

/** The file as a spreadsheet reads it: the byte order mark dropped, rows of fields. */
function readCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('cardsCsv', () => {
  it('quotes what CSV needs quoted and keeps a formula from running in a spreadsheet', () => {
    const csv = cardsCsv([
      {
        front: 'What is "ATP", briefly?',
        back: 'The cell’s energy currency,\nmade in the mitochondrion',
        due: '2026-12-04T09:00:00.000Z',
        subjectName: 'Cell Biology',
        topicName: 'Organelles and their functions',
      },
      {
        front: '=HYPERLINK("http://evil.example","click")',
        back: '-1 + 2',
        due: '2026-12-05T09:00:00.000Z',
        subjectName: 'Μαθηματικά',
        topicName: 'Άλγεβρα::Βασικά',
      },
    ]);
    expect(csv.split('\r\n')[0]).toBe('front,back,tags,due');
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[1]).toEqual([
      'What is "ATP", briefly?',
      'The cell’s energy currency,\nmade in the mitochondrion',
      'Cell_Biology::Organelles_and_their_functions',
      '2026-12-04T09:00:00.000Z',
    ]);
    expect(rows[2]?.[0]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(rows[2]?.[1]).toBe("'-1 + 2");
    expect(rows[2]?.[2]).toBe('Μαθηματικά::Άλγεβρα_Βασικά');
  });

  it('makes a name one tag', () => {
    expect(tagOf('  Organic   chemistry ')).toBe('Organic_chemistry');
    expect(tagOf('')).toBe('_');
  });
});

describe.each(dbKinds)('card export routes on %s', (kind) => {
  let t: TestApp;
  let ana: TestClient;
  let ben: TestClient;
  let anaId: number;
  let f: ReturnType<typeof createFactories>;

  beforeEach(async () => {
    t = await createTestApp(kind);
    f = createFactories(t.db);
    ana = new TestClient(t.app);
    anaId = (await ana.registerAndLogin()).id;
    ben = new TestClient(t.app);
    await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
  });
  afterEach(async () => t.close());

  it('gives one subject’s cards as a CSV file to download, topic by topic', async () => {
    const tree = await f.planTree(anaId);
    const second = await f.topic(anaId, tree.subject.id, { name: 'Integrals' });
    const secondLesson = await f.lesson(anaId, second.id);
    await f.flashcard(anaId, secondLesson.id, { front: 'What is ∫2x dx?', back: 'x² + C' });
    await f.flashcard(anaId, tree.lesson.id, { front: 'd/dx x²?', back: '2x', position: 1 });
    await f.flashcard(anaId, tree.lesson.id, { front: 'd/dx c?', back: '0', position: 0 });
    // Another subject's card is not in this subject's file.
    const other = await f.subject(anaId, tree.plan.id, { name: 'Physics' });
    const otherTopic = await f.topic(anaId, other.id, { name: 'Waves' });
    await f.flashcard(anaId, (await f.lesson(anaId, otherTopic.id)).id, { front: 'Speed?' });

    const r = await ana.get(`/api/exports/cards.csv?subjectId=${tree.subject.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename=".+ cards\.csv"/);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const rows = readCsv(r.body);
    const subject = tree.subject.name.replace(/\s+/g, '_');
    const topic = tree.topic.name.replace(/\s+/g, '_');
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['front', 'back', 'tags'],
      ['d/dx c?', '0', `${subject}::${topic}`],
      ['d/dx x²?', '2x', `${subject}::${topic}`],
      ['What is ∫2x dx?', 'x² + C', `${subject}::Integrals`],
    ]);
    for (const row of rows.slice(1)) expect(Number.isNaN(Date.parse(row[3] ?? ''))).toBe(false);
  });

  it('gives a header alone for a subject without cards', async () => {
    const tree = await f.planTree(anaId);
    const r = await ana.get(`/api/exports/cards.csv?subjectId=${tree.subject.id}`);
    expect(readCsv(r.body)).toEqual([['front', 'back', 'tags', 'due']]);
  });

  it('refuses another student’s subject, an unknown one and a bad id, as not found or invalid', async () => {
    const tree = await f.planTree(anaId);
    await f.flashcard(anaId, tree.lesson.id);
    const theirs = await ben.get(`/api/exports/cards.csv?subjectId=${tree.subject.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not_found', message: 'Subject not found.' });
    expect((await ana.get('/api/exports/cards.csv?subjectId=999999')).statusCode).toBe(404);
    const bad = await ana.get('/api/exports/cards.csv?subjectId=abc');
    expect(bad.statusCode).toBe(400);
    expect((await ana.get('/api/exports/cards.csv')).statusCode).toBe(400);
  });

  it('needs a login', async () => {
    const tree = await f.planTree(anaId);
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/exports/cards.csv?subjectId=${tree.subject.id}`,
    });
    expect(r.statusCode).toBe(401);
  });
});
