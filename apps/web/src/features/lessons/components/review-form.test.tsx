import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

const review = (id: number, comment: string) => ({
  id,
  lessonId: 4,
  userId: 12,
  rating: 4,
  comment,
  createdAt: '2030-01-02T10:00:00.000Z',
});

function renderReviews() {
  return renderWithProviders(
    <>
      <ReviewList lessonId={4} />
      <ReviewForm lessonId={4} />
    </>,
  );
}

describe('lesson reviews', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts at rating 5 with submit disabled, and shows the comment message once touched', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderReviews();
    expect(screen.getByText('Loading reviews...')).toBeTruthy();
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Rating/ }) as HTMLSelectElement).value).toBe(
      '5',
    );
    const submit = screen.getByRole('button', { name: 'Submit review' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.queryByText('Comment is required (max 500 chars).')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /^Comment/ }));
    await user.tab();
    expect(await screen.findByText('Comment is required (max 500 chars).')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), '   ');
    expect(submit.disabled).toBe(true);
  });

  it('posts the review, says so, resets the form and reloads the list', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    let stored: ReturnType<typeof review>[] = [];
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          stored = [review(1, 'Very clear')];
          return jsonResponse(stored[0], 201);
        }
        return jsonResponse(stored);
      }),
    );
    renderReviews();
    await screen.findByText('No reviews yet.');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Rating/ }), '4');
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Very clear');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Review submitted!')).toBeTruthy();
    expect(posted).toEqual([{ rating: 4, comment: 'Very clear' }]);
    expect(await screen.findByText('By User #12', { exact: false })).toBeTruthy();
    expect(screen.getByText('Very clear')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Rating/ }) as HTMLSelectElement).value).toBe(
      '5',
    );
    expect((screen.getByRole('textbox', { name: /^Comment/ }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    expect(screen.queryByText('Comment is required (max 500 chars).')).toBeNull();
  });

  it('says when the review could not be sent and keeps what was typed', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ message: 'Boom', code: 'internal_error' }, 500)
          : jsonResponse([]),
      ),
    );
    renderReviews();
    await screen.findByText('No reviews yet.');
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Failed to submit review.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Comment/ }) as HTMLTextAreaElement).value).toBe(
      'Nice',
    );
  });

  it('says when the reviews cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'No', code: 'not_found' }, 404)),
    );
    renderReviews();
    expect(await screen.findByText('Failed to load reviews.')).toBeTruthy();
  });

  it('does not accept a comment over 500 characters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderReviews();
    const comment = screen.getByRole('textbox', { name: /^Comment/ }) as HTMLTextAreaElement;
    expect(comment.maxLength).toBe(500);
    await waitFor(() => expect(screen.getByText('0 of 500 characters')).toBeTruthy());
  });
});
