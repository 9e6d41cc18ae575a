import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/render';
import {
  clearQueue,
  flushQueue,
  getQueueState,
  keepOnlyActionsOf,
  sendOrQueue,
  waitingActions,
} from './offline-queue';

interface Sent {
  url: string;
  key: string | undefined;
  body: unknown;
}

/** The server: answers each POST with `answer(url)`, or no answer at all (no signal). */
function server(answer: (url: string) => Response | 'no signal') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/health') return new Response(null, { status: 204 });
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({ url, key: headers['Idempotency-Key'], body: JSON.parse(String(init?.body)) });
      const a = answer(url);
      if (a === 'no signal') throw new TypeError('Failed to fetch');
      return a;
    }),
  );
  return sent;
}

const card = (id: number) => ({
  id,
  lessonId: 3,
  front: 'What does the mitochondrion make?',
  back: 'Most of the cell’s energy',
  kind: 'definition',
  source: 'The mitochondrion produces most of the energy of the cell.',
  state: 'review',
  due: '2026-12-04T00:00:00.000Z',
  reps: 2,
  lapses: 0,
  lastReview: '2026-12-03T08:00:00.000Z',
  suspended: false,
  images: [],
});
const review = (id: number, userId = 1) =>
  sendOrQueue({
    kind: 'flashcard-review',
    id,
    body: { rating: 'good' },
    later: { rating: 'good', reviewedAt: '2026-12-03T08:00:00.000Z' },
    what: `card ${id}`,
    userId,
  });
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('the offline queue', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await clearQueue();
  });

  it('keeps an action made with no signal, with the time it was made, and sends nothing', async () => {
    const sent = server(() => jsonResponse(card(1)));
    offline();
    expect(await review(1)).toBeNull();
    expect(sent).toEqual([]);
    const [kept] = await waitingActions(1);
    expect(kept).toMatchObject({
      kind: 'flashcard-review',
      id: 1,
      body: { rating: 'good', reviewedAt: '2026-12-03T08:00:00.000Z' },
    });
    expect(getQueueState().waiting).toBe(1);
  });

  it('keeps a send that got no answer under the key it was sent with', async () => {
    const sent = server(() => 'no signal');
    expect(await review(1)).toBeNull();
    const [kept] = await waitingActions(1);
    expect(sent[0]?.key).toBeTruthy();
    expect(kept?.key).toBe(sent[0]?.key);
  });

  it('answers at once online, with a key the server can recognise a repeat by', async () => {
    const sent = server(() => jsonResponse(card(1)));
    expect(await review(1)).toMatchObject({ id: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[\w-]{36}$/);
    expect(sent[0]?.body).toEqual({ rating: 'good' });
    expect(await waitingActions(1)).toEqual([]);
  });

  it('sends in order when the signal returns; a refusal is a conflict and the rest goes through', async () => {
    offline();
    server(() => jsonResponse(card(1)));
    for (const id of [1, 2, 3]) await review(id);
    const keys = (await waitingActions(1)).map((a) => a.key);
    vi.restoreAllMocks();
    const sent = server((url) =>
      url.includes('/2/')
        ? jsonResponse({ message: 'Flashcard not found.', code: 'not_found' }, 404)
        : jsonResponse(card(1)),
    );
    await flushQueue(1);
    expect(sent.map((s) => [s.url, s.key])).toEqual([
      ['/flashcards/1/review', keys[0]],
      ['/flashcards/2/review', keys[1]],
      ['/flashcards/3/review', keys[2]],
    ]);
    expect(await waitingActions(1)).toEqual([]);
    expect(getQueueState()).toMatchObject({
      waiting: 0,
      conflicts: [{ kind: 'flashcard-review', what: 'card 2', code: 'not_found' }],
    });
  });

  it('stops at no answer and keeps the rest for the next try', async () => {
    offline();
    server(() => jsonResponse(card(1)));
    for (const id of [1, 2]) await review(id);
    vi.restoreAllMocks();
    const sent = server(() => jsonResponse({ message: 'Down.', code: 'internal_error' }, 503));
    await flushQueue(1);
    expect(sent).toHaveLength(1);
    expect((await waitingActions(1)).map((a) => a.id)).toEqual([1, 2]);
    expect(getQueueState().conflicts).toEqual([]);
  });

  it('keeps what waits when the session has ended or the server asks to wait', async () => {
    offline();
    server(() => jsonResponse(card(1)));
    await review(1);
    vi.restoreAllMocks();
    for (const [status, code] of [
      [401, 'unauthorized'],
      [429, 'rate_limited'],
    ] as const) {
      server(() => jsonResponse({ message: 'Not now.', code }, status));
      await flushQueue(1);
      expect((await waitingActions(1)).map((a) => a.id)).toEqual([1]);
    }
    expect(getQueueState().conflicts).toEqual([]);
  });

  it('drops another student’s actions when someone else signs in on this browser', async () => {
    offline();
    server(() => jsonResponse(card(1)));
    await review(1, 1);
    await review(2, 2);
    await keepOnlyActionsOf(2);
    expect(await waitingActions(1)).toEqual([]);
    expect((await waitingActions(2)).map((a) => a.id)).toEqual([2]);
  });
});
