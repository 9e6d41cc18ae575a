import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZoned, todayIn } from '../../domain/time/zoned.js';
import {
  ALL_MATERIAL,
  createBiologyLesson,
  PHOTOSYNTHESIS_NOTES,
} from '../../testing/ai-fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
/** A YYYY-MM-DD date `n` calendar days after another. */
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(dbKinds)('flashcard and quiz routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let stranger: TestClient;
  let lessonId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    const { id } = await client.registerAndLogin();
    lessonId = (await createBiologyLesson(client, t.db, id)).lessonId;
    stranger = new TestClient(t.app);
    await stranger.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
  });
  afterAll(async () => t.close());

  it('generates a deck whose every answer occurs in the lesson or the subject’s files', async () => {
    const r = await client.post(`/lessons/${lessonId}/flashcards`);
    expect(r.statusCode).toBe(200);
    const deck = r.json();
    expect(deck.modelVersion).toBe('builtin');
    expect(deck.cards.length).toBeGreaterThanOrEqual(6);
    expect(deck.dueCount).toBe(deck.cards.length);
    for (const c of deck.cards) {
      expect(norm(ALL_MATERIAL)).toContain(norm(c.back));
      expect(norm(c.source)).toContain(norm(c.back));
      expect(norm(c.front)).not.toContain(norm(c.back));
      expect(c.state).toBe('new');
      expect(c.front + c.back).not.toMatch(/HACKED|ignore all previous/i);
    }
    const kinds = new Set(deck.cards.map((c: { kind: string }) => c.kind));
    expect(kinds).toEqual(new Set(['definition', 'term', 'number', 'cloze']));
    // Regenerating replaces the deck.
    const again = (await client.post(`/lessons/${lessonId}/flashcards`)).json();
    expect(
      (await client.get(`/lessons/${lessonId}/flashcards`))
        .json()
        .cards.map((c: { id: number }) => c.id),
    ).toEqual(again.cards.map((c: { id: number }) => c.id));
  });

  it('reviews due cards with FSRS: rated cards leave the due list and never pass the deadline', async () => {
    const deck = (await client.post(`/lessons/${lessonId}/flashcards`)).json();
    const [first, second] = deck.cards;
    const good = await client.post(`/flashcards/${first.id}/review`, { rating: 'good' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ id: first.id, reps: 1, state: 'learning' });
    expect(Date.parse(good.json().due)).toBeGreaterThan(Date.now());
    const easy = (await client.post(`/flashcards/${second.id}/review`, { rating: 'easy' })).json();
    expect(easy.state).toBe('review');
    expect(Date.parse(easy.due)).toBeLessThanOrEqual(Date.parse('2027-06-19T00:00:00Z'));
    const due = (await client.get(`/lessons/${lessonId}/flashcards/due`)).json();
    expect(due.cards.map((c: { id: number }) => c.id)).not.toContain(first.id);
    expect(due.dueCount).toBe(deck.cards.length - 2);
    expect(due.cards).toHaveLength(deck.cards.length - 2);
  });

  it("caps a review at the day before the subject's own exam, midnight in the plan's zone", async () => {
    const timeZone = 'Pacific/Auckland';
    const examDate = addDays(todayIn(timeZone), 4);
    // The plan's deadline is far off: the cap must come from the subject's exam day.
    const plan = (
      await client.post('/api/generic/CreateStudyProgram', { name: 'Term', deadline: '2027-12-20' })
    ).json();
    await t.db.db.updateTable('studyPlans').set({ timeZone }).where('id', '=', plan.id).execute();
    const subject = await client.post('/subjects', {
      studyPlanId: plan.id,
      name: 'Botany',
      examDate,
      priority: 2,
    });
    expect(subject.statusCode, subject.body).toBe(201);
    expect(subject.json()).toMatchObject({ examDate, priority: 2 });
    const topic = (
      await client.post('/topics', {
        subjectId: subject.json().id,
        name: 'Photosynthesis',
        deepDiveContent: `<p>${PHOTOSYNTHESIS_NOTES}</p>`,
      })
    ).json();
    const deck = (await client.post(`/lessons/${topic.lessonId}/flashcards`)).json();
    const easy = await client.post(`/flashcards/${deck.cards[0].id}/review`, { rating: 'easy' });
    expect(easy.statusCode, easy.body).toBe(200);
    const cap = fromZoned(addDays(examDate, -1), '00:00', timeZone).toISOString();
    expect(cap).not.toBe(`${addDays(examDate, -1)}T00:00:00.000Z`);
    expect(easy.json().due).toBe(cap);
  });

  it('counts a review sent twice with one Idempotency-Key once, made at the time it was made', async () => {
    const deck = (await client.post(`/lessons/${lessonId}/flashcards`)).json();
    const [card, other] = deck.cards;
    const reviewedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const send = (key: string, body: unknown, id = card.id) =>
      client.request({
        method: 'POST',
        url: `/flashcards/${id}/review`,
        headers: { 'idempotency-key': key },
        payload: body as object,
      });
    const first = await send('queue-1', { rating: 'good', reviewedAt });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ reps: 1, lastReview: reviewedAt });
    // Its FSRS state is reckoned from three hours ago: due in minutes from then, so already due.
    expect(Date.parse(first.json().due)).toBeLessThan(Date.now());
    const again = await send('queue-1', { rating: 'good', reviewedAt });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stored = (await client.get(`/lessons/${lessonId}/flashcards`))
      .json()
      .cards.find((c: { id: number }) => c.id === card.id);
    expect(stored.reps).toBe(1);
    expect(
      (
        await t.db.db
          .selectFrom('flashcardReviews')
          .selectAll()
          .where('flashcardId', '=', card.id)
          .execute()
      ).length,
    ).toBe(1);
    // The same key on another request is refused; a bad key too; another student's key is theirs.
    expect((await send('queue-1', { rating: 'easy', reviewedAt })).statusCode).toBe(422);
    expect((await send('bad key!', { rating: 'good' }, other.id)).json().code).toBe(
      'idempotency_key_invalid',
    );
    // A review the server refuses keeps no answer: fixed, the same key goes through.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await send('queue-2', { rating: 'good', reviewedAt: future }, other.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'reviewedAt', message: 'A review cannot be dated in the future.' },
    ]);
    const before = new Date(Date.parse(reviewedAt) - 60_000).toISOString();
    const older = await send('queue-3', { rating: 'hard', reviewedAt: before });
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(
      'This card was reviewed after that time; the earlier review was left out.',
    );
    expect((await send('queue-2', { rating: 'good' }, other.id)).statusCode).toBe(200);
  });

  it('refuses a bad rating and changes nothing', async () => {
    const deck = (await client.get(`/lessons/${lessonId}/flashcards`)).json();
    const card = deck.cards[0];
    for (const body of [{ rating: 'perfect' }, {}, { rating: 'good', extra: 1 }]) {
      const r = await client.post(`/flashcards/${card.id}/review`, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBeTruthy();
    }
    const after = (await client.get(`/lessons/${lessonId}/flashcards`)).json().cards[0];
    expect(after).toEqual(card);
  });

  it('makes a quiz without answers, then scores it with explanations quoting the material', async () => {
    const r = await client.post(`/lessons/${lessonId}/quiz`);
    expect(r.statusCode).toBe(200);
    const quiz = r.json();
    expect(quiz.questions.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(quiz)).not.toMatch(/correctIndex|explanation/);
    const answers = quiz.questions.map(() => 0);
    const result = await client.post(`/quizzes/${quiz.id}/submit`, { answers });
    expect(result.statusCode).toBe(200);
    const body = result.json();
    expect(body.total).toBe(quiz.questions.length);
    const correct = body.questions.filter(
      (q: { correctIndex: number }) => q.correctIndex === 0,
    ).length;
    expect(body.score).toBe(correct);
    for (const q of body.questions) {
      const key = q.options[q.correctIndex];
      expect(norm(ALL_MATERIAL)).toContain(norm(key));
      // The explanation quotes the sentence with the answer.
      const quoted = q.explanation.match(/“(.+)”/)?.[1] ?? '';
      expect(norm(ALL_MATERIAL)).toContain(norm(quoted));
      expect(norm(quoted)).toContain(norm(key));
      expect(new Set(q.options.map(norm)).size).toBe(q.options.length);
    }
    // A perfect run, and the results are kept for progress.
    const perfect = (
      await client.post(`/quizzes/${quiz.id}/submit`, {
        answers: body.questions.map((q: { correctIndex: number }) => q.correctIndex),
      })
    ).json();
    expect(perfect).toMatchObject({ score: quiz.questions.length, percent: 100 });
    const results = (await client.get(`/lessons/${lessonId}/quiz-results`)).json();
    expect(results.map((x: { id: number }) => x.id)).toEqual([perfect.id, body.id]);
  });

  it('refuses a submission with the wrong number of answers or an impossible option', async () => {
    const quiz = (await client.post(`/lessons/${lessonId}/quiz`)).json();
    const before = (await client.get(`/lessons/${lessonId}/quiz-results`)).json().length;
    for (const answers of [[0], quiz.questions.map(() => 9), 'abc', quiz.questions.map(() => -1)]) {
      const r = await client.post(`/quizzes/${quiz.id}/submit`, { answers });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBeTruthy();
    }
    expect((await client.get(`/lessons/${lessonId}/quiz-results`)).json()).toHaveLength(before);
  });

  it('answers 404 for another student’s lesson, card or quiz', async () => {
    const card = (await client.get(`/lessons/${lessonId}/flashcards`)).json().cards[0];
    const quiz = (await client.post(`/lessons/${lessonId}/quiz`)).json();
    expect((await stranger.post(`/lessons/${lessonId}/flashcards`)).statusCode).toBe(404);
    expect((await stranger.get(`/lessons/${lessonId}/flashcards`)).statusCode).toBe(404);
    expect((await stranger.get(`/lessons/${lessonId}/flashcards/due`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/flashcards/${card.id}/review`, { rating: 'good' })).statusCode,
    ).toBe(404);
    expect((await stranger.post(`/lessons/${lessonId}/quiz`)).statusCode).toBe(404);
    expect((await stranger.post(`/quizzes/${quiz.id}/submit`, { answers: [] })).statusCode).toBe(
      404,
    );
    expect((await stranger.get(`/lessons/${lessonId}/quiz-results`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/lessons/${lessonId}/ai-bot`, { question: 'What is xylem?' }))
        .statusCode,
    ).toBe(404);
    // Nothing changed for the owner.
    expect((await client.get(`/lessons/${lessonId}/flashcards`)).json().cards[0]).toEqual(card);
  });
});
