import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { QuizPanel } from './quiz-panel';

const questions = [
  {
    id: 0,
    prompt: 'What is the boiling point of water at sea level?',
    options: ['90 °C', '100 °C', '120 °C'],
  },
  {
    id: 1,
    prompt: 'What is osmosis?',
    options: ['Diffusion of water', 'Melting of ice', 'Boiling'],
  },
  { id: 2, prompt: 'Which gas do plants release?', options: ['Nitrogen', 'Oxygen', 'Helium'] },
];

const quiz = {
  id: 31,
  lessonId: 7,
  questions,
  createdAt: '2030-01-01T10:00:00.000Z',
  modelVersion: 'builtin',
  // The English message differs from the text shown: the code is translated in the browser.
  warnings: [{ code: 'ai_fallback_timeout', params: {}, message: 'The provider timed out.' }],
};

function fakeServer() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const results: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/lessons/7/quiz-results') return jsonResponse(results);
      if (url === '/lessons/7/quiz?language=en' && method === 'POST')
        return jsonResponse(quiz, 201);
      if (url === '/quizzes/31/submit' && method === 'POST') {
        const correct = [1, 0, 1];
        const answers = body.answers as (number | null)[];
        const scored = questions.map((q, i) => ({
          ...q,
          chosen: answers[i] ?? null,
          correctIndex: correct[i] ?? 0,
          correct: answers[i] === correct[i],
          explanation: `The lesson says: "${q.options[correct[i] ?? 0]} is right."`,
        }));
        const score = scored.filter((q) => q.correct).length;
        const result = {
          id: 90,
          quizId: 31,
          lessonId: 7,
          score,
          total: 3,
          percent: Math.round((score / 3) * 100),
          questions: scored,
          createdAt: '2030-01-01T10:05:00.000Z',
        };
        const { questions: _q, ...summary } = result;
        results.unshift(summary);
        return jsonResponse(result);
      }
      return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

describe('the quiz panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('submits one answer per question (null when skipped) and shows the score and the mistakes', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer();
    renderWithProviders(<QuizPanel lessonId={7} />);
    expect(await screen.findByText('No quiz results yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start a quiz' }));

    const first = await screen.findByRole('group', {
      name: 'Question 1 of 3 What is the boiling point of water at sea level?',
    });
    expect(
      screen.getByText(
        'The AI provider did not answer in time, so this answer comes from the built-in study helper.',
      ),
    ).toBeTruthy();
    await user.click(within(first).getByRole('radio', { name: '100 °C' }));
    const second = screen.getByRole('group', { name: 'Question 2 of 3 What is osmosis?' });
    await user.click(within(second).getByRole('radio', { name: 'Melting of ice' }));
    expect(screen.getByText(/Answered: 2 of 3\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    const score = await screen.findByRole('heading', { name: 'Your score' });
    const result = score.closest('section') as HTMLElement;
    expect(within(result).getByText('1 of 3 correct, 33%')).toBeTruthy();
    expect(calls.find((c) => c.url === '/quizzes/31/submit')?.body).toEqual({
      answers: [1, 1, null],
    });
    expect(within(result).getByRole('heading', { name: 'Review your mistakes' })).toBeTruthy();
    const items = screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('quiz-mistake'));
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('What is osmosis?');
    expect(items[0]?.textContent).toContain('Your answerMelting of ice');
    expect(items[0]?.textContent).toContain('Correct answerDiffusion of water');
    expect(items[0]?.textContent).toContain('The lesson says: "Diffusion of water is right."');
    expect(items[1]?.textContent).toContain('Your answerNot answered');
    expect(items[1]?.textContent).toContain('Correct answerOxygen');

    // The new result joins the past results, and the quiz can be taken again.
    const history = screen.getByRole('heading', { name: 'Past results' }).closest('section');
    expect(await within(history as HTMLElement).findByText('1 of 3 correct, 33%')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retake the quiz' }));
    expect(await screen.findByRole('group', { name: /^Question 1 of 3/ })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/lessons/7/quiz?language=en')).toHaveLength(2);
  });

  it('says well done when nothing is wrong', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    fakeServer();
    renderWithProviders(<QuizPanel lessonId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Start a quiz' }));
    await user.click(await screen.findByRole('radio', { name: '100 °C' }));
    await user.click(screen.getByRole('radio', { name: 'Diffusion of water' }));
    await user.click(screen.getByRole('radio', { name: 'Oxygen' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('No mistakes. Well done!')).toBeTruthy();
    expect(screen.getAllByText('3 of 3 correct, 100%').length).toBeGreaterThan(0);
  });

  it('says so when the quiz cannot be made', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('quiz-results')
          ? jsonResponse([])
          : jsonResponse({ message: 'Boom', code: 'internal_error' }, 500),
      ),
    );
    renderWithProviders(<QuizPanel lessonId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Start a quiz' }));
    expect(await screen.findByText('The quiz could not be made. Please try again.')).toBeTruthy();
  });
});
