import type { Flashcard, Notice } from '@studybuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { FlashcardsPanel } from './flashcards-panel';

const NOW = '2030-01-01T10:00:00.000Z';
const LATER = '2030-01-03T09:00:00.000Z';

const card = (id: number, front: string, back: string): Flashcard => ({
  id,
  lessonId: 7,
  front,
  back,
  kind: 'definition',
  source: `${back} is the answer.`,
  state: 'new',
  due: NOW,
  reps: 0,
  lapses: 0,
  lastReview: null,
  suspended: false,
  images: [],
});

const deck = (
  cards: Flashcard[],
  due: number,
  nextDue: string | null,
  warnings: Notice[] = [],
) => ({
  lessonId: 7,
  cards,
  dueCount: due,
  nextDue,
  warnings,
});

/** A fake server holding one lesson's deck; reviewed cards stop being due. */
function fakeServer(initial: Flashcard[]) {
  let cards = initial;
  const reviewed = new Set<number>();
  const calls: { method: string; url: string; body: unknown }[] = [];
  const dueCards = () => cards.filter((c) => !reviewed.has(c.id));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/lessons/7/flashcards' && method === 'GET') {
        const due = dueCards();
        return jsonResponse(deck(cards, due.length, due.length > 0 ? NOW : LATER));
      }
      if (url === '/lessons/7/flashcards/due') {
        const due = dueCards();
        return jsonResponse(deck(due, due.length, due.length > 0 ? NOW : null));
      }
      if (url.startsWith('/lessons/7/flashcards?') && method === 'POST') {
        cards = [
          card(1, 'What is osmosis?', 'Diffusion of water'),
          card(2, 'H2O is ____', 'water'),
        ];
        reviewed.clear();
        return jsonResponse(
          deck(cards, 2, NOW, [
            { code: 'file_empty', params: { file: 'notes.md' }, message: 'Server text.' },
          ]),
          201,
        );
      }
      const review = url.match(/^\/flashcards\/(\d+)\/review$/);
      if (review && method === 'POST') {
        const id = Number(review[1]);
        reviewed.add(id);
        const found = cards.find((c) => c.id === id);
        return jsonResponse({ ...found, state: 'learning', due: LATER, reps: 1 });
      }
      return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

describe('the flashcards panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('generates a deck with the language, shows its warning and starts on the first due card', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer([]);
    renderWithProviders(<FlashcardsPanel lessonId={7} />);
    expect(await screen.findByText('No flashcards for this lesson yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate flashcards' }));
    expect(await screen.findByText('Card 1 of 2')).toBeTruthy();
    expect(screen.getByText('What is osmosis?')).toBeTruthy();
    expect(screen.getByText('notes.md: the file is empty.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/lessons/7/flashcards?language=en');
    expect(screen.getByRole('button', { name: 'Regenerate flashcards' })).toBeTruthy();
  });

  it('flips a card, rates it, moves on and ends with the next due date', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer([
      card(1, 'What is osmosis?', 'Diffusion of water'),
      card(2, 'The boiling point of water is ____ °C', '100'),
    ]);
    renderWithProviders(<FlashcardsPanel lessonId={7} />);
    expect(await screen.findByText('Card 1 of 2')).toBeTruthy();
    expect(screen.getByText('2 cards in the deck, 2 due now.')).toBeTruthy();
    expect(screen.queryByText('Diffusion of water')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Good' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('Diffusion of water')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How well did you remember it?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Good' }));

    expect(await screen.findByText('Card 2 of 2')).toBeTruthy();
    expect(screen.getByText('The boiling point of water is ____ °C')).toBeTruthy();
    expect(screen.queryByText('100')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: 'Again' }));

    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeTruthy();
    expect(screen.getByText('Cards reviewed in this round: 2')).toBeTruthy();
    // LATER in the test machine's zone, short date then 24-hour time.
    const due = new Date(LATER);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `Jan ${due.getDate()}, 2030, ${pad(due.getHours())}:${pad(due.getMinutes())}`;
    expect(await screen.findByText(`Next card due ${expected}.`)).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/review'))).toEqual([
      { method: 'POST', url: '/flashcards/1/review', body: { rating: 'good' } },
      { method: 'POST', url: '/flashcards/2/review', body: { rating: 'again' } },
    ]);
  });

  it('keeps the card and says so when a rating cannot be saved', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    fakeServer([card(1, 'What is osmosis?', 'Diffusion of water')]);
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url, init) =>
      String(url).endsWith('/review')
        ? jsonResponse({ message: 'Boom', code: 'internal_error' }, 500)
        : (original?.(url, init) as Promise<Response>),
    );
    renderWithProviders(<FlashcardsPanel lessonId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: 'Easy' }));
    expect(
      await screen.findByText('Your rating could not be saved. Please try again.'),
    ).toBeTruthy();
    expect(screen.getByText('Card 1 of 1')).toBeTruthy();
  });

  it('asks before regenerating a deck', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer([card(5, 'Old card', 'old')]);
    renderWithProviders(<FlashcardsPanel lessonId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Regenerate flashcards' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Regenerate flashcards' }));
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.getByText('What is osmosis?')).toBeTruthy());
    expect(screen.queryByText('Old card')).toBeNull();
  });
});
