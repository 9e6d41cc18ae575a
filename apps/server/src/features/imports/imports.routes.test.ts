import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAnkiPackage } from '../../adapters/anki/read-package.js';
import {
  corruptSqlite,
  creation,
  DAY_S,
  notAZip,
  oneCardCollection,
  packageOfCollection,
  studyCollection,
  today,
  tooManyCards,
  UNSAFE_MEDIA_NAMES,
  zipBomb,
} from '../../testing/anki/anki-fixtures.js';
import { buildAnkiPackage } from '../../testing/anki/anki-package-builder.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';

const NOW = new Date();

describe.each(dbKinds)('Anki import routes on %s', (kind) => {
  let t: TestApp;
  let ana: TestClient;
  let ben: TestClient;
  let anaId: number;

  beforeEach(async () => {
    t = await createTestApp(kind);
    ana = new TestClient(t.app);
    anaId = (await ana.registerAndLogin()).id;
    ben = new TestClient(t.app);
    await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
  });
  afterEach(async () => t.close());

  const preview = (client: TestClient, content: Buffer, filename = 'study.apkg') =>
    client.request({
      method: 'POST',
      url: '/api/imports/anki/preview',
      ...multipart([{ name: 'file', filename, content }]),
    });
  const counts = async () => ({
    plans: (await t.db.db.selectFrom('studyPlans').select('id').execute()).length,
    cards: (await t.db.db.selectFrom('flashcards').select('id').execute()).length,
    reviews: (await t.db.db.selectFrom('flashcardReviews').select('id').execute()).length,
  });
  const cardOf = (front: string) =>
    t.db.db
      .selectFrom('flashcards')
      .selectAll()
      .where('userId', '=', anaId)
      .where('front', '=', front)
      .executeTakeFirstOrThrow();

  it.each(['anki2', 'anki21', 'anki21b'] as const)(
    'previews, then imports a %s package with its history, due dates and suspensions',
    async (format) => {
      const pkg = await buildAnkiPackage(studyCollection(NOW), format);
      const p = await preview(ana, pkg);
      expect(p.statusCode, p.body).toBe(200);
      const body = p.json();
      expect(body.format).toBe(format);
      expect(
        body.decks.map((d: Record<string, unknown>) => [d.name, d.subject, d.topic, d.cards]),
      ).toEqual([
        ['Biology::Cells', 'Biology', 'Cells', 5],
        ['Biology::Genetics', 'Biology', 'Genetics', 4],
        ['Chemistry', 'Chemistry', 'Chemistry', 2],
      ]);
      expect(body.warnings.map((w: { code: string }) => w.code).sort()).toEqual(
        expect.arrayContaining(['anki_other_note_type', 'anki_sound_dropped']),
      );
      // Nothing is imported by a preview.
      expect((await counts()).cards).toBe(0);

      const r = await ana.post('/api/imports/anki', { token: body.token, planName: 'From Anki' });
      expect(r.statusCode, r.body).toBe(200);
      const result = r.json();
      expect(result).toMatchObject({
        subjects: 2,
        topics: 3,
        cards: 11,
        suspended: 1,
        duplicates: 0,
      });
      expect(result.reviews).toBeGreaterThan(0);
      const plans = (await ana.get('/api/generic/GetStudyProgramOfUser')).json();
      expect(plans.map((p: { name: string }) => p.name)).toEqual(['From Anki']);

      // Due tomorrow in Anki is due tomorrow here; the suspended card stays suspended; a new
      // card is new and due now.
      const tomorrow = new Date((creation(NOW) + (today(NOW) + 1) * DAY_S) * 1000).toISOString();
      const powerhouse = await cardOf('What is the powerhouse of the cell?');
      expect(powerhouse.due).toBe(tomorrow);
      expect(powerhouse.state).toBe(2);
      expect(powerhouse.kind).toBe('imported');
      expect(JSON.parse(powerhouse.tags ?? '[]')).toEqual(['biology', 'cells']);
      const reviews = await t.db.db
        .selectFrom('flashcardReviews')
        .select(['rating'])
        .where('flashcardId', '=', powerhouse.id)
        .execute();
      expect(reviews.map((x) => x.rating)).toEqual(['good', 'good', 'good']);
      const suspended = await t.db.db
        .selectFrom('flashcards')
        .select(['suspended', 'front'])
        .where('userId', '=', anaId)
        .where('suspended', '=', 1)
        .execute();
      expect(suspended).toHaveLength(1);
      const fresh = await cardOf('forgotten');
      expect(fresh.state).toBe(0);
      expect(Date.parse(fresh.due)).toBeLessThanOrEqual(Date.now());
      // The preview is used once.
      const again = await ana.post('/api/imports/anki', { token: body.token });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('import_preview_expired');
    },
  );

  it('shows the imported deck in its lesson: the due cards, never a suspended one', async () => {
    const p = await preview(ana, await buildAnkiPackage(studyCollection(NOW), 'anki2'));
    const r = await ana.post('/api/imports/anki', { token: p.json().token });
    expect(r.statusCode, r.body).toBe(200);
    const lessons = await t.db.db
      .selectFrom('lessons')
      .select(['id', 'title'])
      .where('userId', '=', anaId)
      .orderBy('title')
      .execute();
    expect(lessons.map((l) => l.title)).toEqual([
      'Biology::Cells',
      'Biology::Genetics',
      'Chemistry',
    ]);
    const cells = lessons[0]?.id;
    const deck = (await ana.get(`/lessons/${cells}/flashcards`)).json();
    expect(deck.cards).toHaveLength(5);
    expect(deck.cards.filter((c: { suspended: boolean }) => c.suspended)).toHaveLength(1);
    const due = (await ana.get(`/lessons/${cells}/flashcards/due`)).json();
    // The new cards are due now; the card due tomorrow and the suspended one are not.
    const fronts = due.cards.map((c: { front: string }) => c.front);
    expect(fronts).not.toContain('What is the powerhouse of the cell?');
    expect(due.cards.every((c: { suspended: boolean }) => !c.suspended)).toBe(true);
    const rated = await ana.post(`/flashcards/${due.cards[0].id}/review`, { rating: 'good' });
    expect(rated.statusCode, rated.body).toBe(200);
    const chemistry = lessons[2]?.id;
    const images = (await ana.get(`/lessons/${chemistry}/flashcards`)).json();
    const pictured = images.cards.find((c: { images: unknown[] }) => c.images.length > 0);
    expect(pictured.images[0].src).toMatch(/^data:image\/png;base64,/);
    // The picture is the question's: shown on the front, not only with the answer.
    expect(pictured.images[0].side).toBe('front');

    // Making cards for the lesson from its topic's material keeps the imported ones, with
    // their history.
    await t.db.db
      .updateTable('lessons')
      .set({
        latexContent:
          'The mitochondrion is the organelle that releases energy for the cell. Ribosomes are the structures that build proteins. The nucleus is the organelle that holds the genetic material.',
      })
      .where('id', '=', cells as number)
      .execute();
    const made = await ana.post(`/lessons/${cells}/flashcards`);
    expect(made.statusCode, made.body).toBe(200);
    const kinds = made.json().cards.map((c: { kind: string }) => c.kind);
    expect(kinds.filter((k: string) => k === 'imported')).toHaveLength(5);
    expect(kinds.length).toBeGreaterThan(5);
    const powerhouse = await cardOf('What is the powerhouse of the cell?');
    expect(
      await t.db.db
        .selectFrom('flashcardReviews')
        .select('id')
        .where('flashcardId', '=', powerhouse.id)
        .execute(),
    ).toHaveLength(3);
  });

  it('adds nothing twice when the same package comes again, into the same plan', async () => {
    const pkg = await buildAnkiPackage(studyCollection(NOW), 'anki21');
    const first = await ana.post('/api/imports/anki', {
      token: (await preview(ana, pkg)).json().token,
    });
    const before = await counts();
    const second = await ana.post('/api/imports/anki', {
      token: (await preview(ana, pkg)).json().token,
      planId: first.json().planId,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ cards: 0, reviews: 0, duplicates: 11, subjects: 0 });
    expect(await counts()).toEqual(before);
  });

  it('previews a package whose one card is a sound alone, then refuses to import nothing', async () => {
    const c = oneCardCollection(NOW, '[sound:hello.mp3]', '');
    const p = await preview(ana, await buildAnkiPackage(c, 'anki2'));
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().decks).toEqual([]);
    expect(p.json().warnings).toEqual([
      { code: 'anki_sound_dropped', count: 1 },
      { code: 'anki_empty_cards_skipped', count: 1 },
    ]);
    const r = await ana.post('/api/imports/anki', { token: p.json().token });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('anki_no_cards');
    expect(await counts()).toEqual({ plans: 0, cards: 0, reviews: 0 });
  });

  it('keeps a preview to its student and a plan to its owner', async () => {
    const p = await preview(ana, await buildAnkiPackage(oneCardCollection(NOW), 'anki2'));
    const theirs = await ben.post('/api/imports/anki', { token: p.json().token });
    expect(theirs.statusCode).toBe(404);
    const benPlan = await ben.post('/api/imports/anki', {
      token: (await preview(ben, await buildAnkiPackage(oneCardCollection(NOW), 'anki2'))).json()
        .token,
    });
    const intoBens = await ana.post('/api/imports/anki', {
      token: p.json().token,
      planId: benPlan.json().planId,
    });
    expect(intoBens.statusCode).toBe(404);
    expect((await counts()).cards).toBe(1);
  });

  it.each([
    ['not a package', () => notAZip(), 'study.apkg', 'anki_not_a_package'],
    [
      'a wrong extension',
      () => buildAnkiPackage(oneCardCollection(NOW), 'anki2'),
      'study.zip',
      'anki_wrong_extension',
    ],
    ['a zip bomb', () => zipBomb(), 'study.apkg', 'anki_zip_bomb'],
    ['200,000 cards', () => tooManyCards(NOW), 'study.apkg', 'anki_too_many_cards'],
    [
      'a corrupt collection',
      () => packageOfCollection(corruptSqlite()),
      'study.apkg',
      'anki_collection_damaged',
    ],
    [
      'media named out of the package',
      () =>
        buildAnkiPackage(studyCollection(NOW), 'anki2', {
          mediaNames: [UNSAFE_MEDIA_NAMES[0] ?? '', 'x', 'y'],
        }),
      'study.apkg',
      'anki_unsafe_media_name',
    ],
  ] as const)('refuses %s with a clear message and keeps nothing', async (_, make, name, code) => {
    const r = await preview(ana, await make(), name);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().code).toBe(code);
    expect(r.json().message.length).toBeGreaterThan(10);
    expect(await counts()).toEqual({ plans: 0, cards: 0, reviews: 0 });
    expect(await t.db.db.selectFrom('cardImports').select('id').execute()).toEqual([]);
  });

  it('gives a subject’s cards back as an Anki package that reads back the same', async () => {
    const p = await preview(ana, await buildAnkiPackage(studyCollection(NOW), 'anki21b'));
    const imported = (await ana.post('/api/imports/anki', { token: p.json().token })).json();
    const biology = await t.db.db
      .selectFrom('subjects')
      .select('id')
      .where('studyPlanId', '=', imported.planId)
      .where('name', '=', 'Biology')
      .executeTakeFirstOrThrow();
    const r = await ana.request({
      method: 'GET',
      url: `/api/exports/anki?subjectId=${biology.id}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="Biology\.apkg"/);
    const back = await readAnkiPackage(r.rawPayload, 'Biology.apkg');
    expect(back.decks.filter((d) => d.cards > 0).map((d) => d.name)).toEqual([
      'Biology::Cells',
      'Biology::Genetics',
    ]);
    expect(back.cards).toHaveLength(9);
    const powerhouse = back.cards.find((c) => c.front === 'What is the powerhouse of the cell?');
    const tomorrow = new Date((creation(NOW) + (today(NOW) + 1) * DAY_S) * 1000);
    expect(powerhouse?.memory.due.slice(0, 10)).toBe(tomorrow.toISOString().slice(0, 10));
    expect(powerhouse?.reviews).toHaveLength(3);
    expect(back.cards.filter((c) => c.suspended)).toHaveLength(1);

    // Round trip: Ben imports Ana's export and gets the same cards, due on the same days.
    const q = await preview(ben, Buffer.from(r.rawPayload), 'Biology.apkg');
    expect(q.statusCode, q.body).toBe(200);
    const benImport = await ben.post('/api/imports/anki', { token: q.json().token });
    expect(benImport.json()).toMatchObject({ cards: 9, suspended: 1 });
    const anaCards = await t.db.db
      .selectFrom('flashcards')
      .select(['front', 'due', 'state'])
      .where('userId', '=', anaId)
      .where('state', '!=', 0)
      .orderBy('front')
      .execute();
    const benCards = await t.db.db
      .selectFrom('flashcards')
      .select(['front', 'due', 'state'])
      .where('userId', '!=', anaId)
      .where('state', '!=', 0)
      .orderBy('front')
      .execute();
    expect(benCards.map((c) => [c.front, c.due.slice(0, 10), c.state])).toEqual(
      anaCards
        .filter((c) => c.front !== 'sodium' && !c.front.includes('What is this?'))
        .map((c) => [c.front, c.due.slice(0, 10), c.state]),
    );
    expect((await ben.get(`/api/exports/anki?subjectId=${biology.id}`)).statusCode).toBe(404);
  });

  describe('spreadsheets', () => {
    const csvPreview = (
      client: TestClient,
      content: string | Buffer,
      filename = 'Vocabulary.csv',
    ) =>
      client.request({
        method: 'POST',
        url: '/api/imports/csv/preview',
        ...multipart([{ name: 'file', filename, content }]),
      });

    it('previews a spreadsheet, imports the chosen columns into a topic, and skips a repeat', async () => {
      const file = 'Term;Definition;Tags\r\nHaus;house;nouns a1\r\nlaufen;to run;verbs\r\n;;\r\n';
      const p = await csvPreview(ana, file);
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json()).toMatchObject({
        delimiter: ';',
        rows: 3,
        columns: 3,
        guess: { hasHeader: true, front: 0, back: 1, tags: 2 },
      });
      expect(p.json().sample[1]).toEqual(['Haus', 'house', 'nouns a1']);
      expect((await counts()).cards).toBe(0);
      const input = {
        token: p.json().token,
        hasHeader: true,
        front: 0,
        back: 1,
        tags: 2,
        subject: 'German',
        topic: 'Vocabulary',
      };
      const r = await ana.post('/api/imports/csv', input);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ subjects: 1, topics: 1, cards: 2, duplicates: 0 });
      const haus = await cardOf('Haus');
      expect(haus).toMatchObject({ back: 'house', state: 0, kind: 'imported' });
      expect(JSON.parse(haus.tags ?? '[]')).toEqual(['nouns', 'a1']);

      const again = await ana.post('/api/imports/csv', {
        ...input,
        token: (await csvPreview(ana, file)).json().token,
        planId: r.json().planId,
      });
      expect(again.json()).toMatchObject({ cards: 0, duplicates: 2, subjects: 0, topics: 0 });
      expect((await counts()).cards).toBe(2);
    });

    it('refuses the same column twice, another student’s preview, and a file that is no spreadsheet', async () => {
      const p = await csvPreview(ana, 'a,b\nc,d\n');
      const same = await ana.post('/api/imports/csv', {
        token: p.json().token,
        hasHeader: false,
        front: 1,
        back: 1,
        tags: null,
        subject: 'S',
        topic: 'T',
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().details).toEqual([
        expect.objectContaining({
          path: 'back',
          message: 'Front and back must be different columns.',
        }),
      ]);
      const theirs = await ben.post('/api/imports/csv', {
        token: p.json().token,
        hasHeader: false,
        front: 0,
        back: 1,
        tags: null,
        subject: 'S',
        topic: 'T',
      });
      expect(theirs.statusCode).toBe(404);
      const binary = await csvPreview(ana, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
      expect(binary.statusCode).toBe(400);
      expect(binary.json().code).toBe('csv_not_text');
      // An Anki preview's token is no spreadsheet's.
      const anki = await preview(ana, await buildAnkiPackage(oneCardCollection(NOW), 'anki2'));
      const crossed = await ana.post('/api/imports/csv', {
        token: anki.json().token,
        hasHeader: false,
        front: 0,
        back: 1,
        tags: null,
        subject: 'S',
        topic: 'T',
      });
      expect(crossed.statusCode).toBe(404);
      expect(await counts()).toEqual({ plans: 0, cards: 0, reviews: 0 });
    });
  });
});
