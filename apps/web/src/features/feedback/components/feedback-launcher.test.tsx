import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '@/components/loading-overlay';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { FeedbackLauncher } from './feedback-launcher';

const stored = {
  id: 1,
  rating: 4,
  pleased: 'The calendar',
  recommendation: 'Dark mode',
  createdAt: '2030-01-02T10:00:00.000Z',
};

function renderFeedback(route = '/dashboard') {
  return renderWithProviders(
    <>
      <FeedbackLauncher />
      <LoadingOverlay />
    </>,
    { route },
  );
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Give feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'How are we doing?' });
  await user.click(screen.getByRole('radio', { name: '4 stars' }));
  await user.type(screen.getByRole('textbox', { name: 'What pleased you?' }), ' The calendar ');
  await user.type(screen.getByRole('textbox', { name: 'What would you recommend?' }), 'Dark mode');
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  return dialog;
}

describe('FeedbackLauncher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a rating from 0 to 5 and asks for one before sending', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderFeedback();
    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Please choose a rating from 0 to 5.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the rating, both texts and the page, shows the loading message, then thanks', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const posted: { url: string; body: unknown }[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        posted.push({ url, body: JSON.parse(String(init?.body)) });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    renderFeedback();
    await fillAndSend(user);
    expect(await screen.findByText('Submitting your review...')).toBeTruthy();
    expect(posted).toEqual([
      {
        url: '/api/review',
        body: {
          rating: 4,
          pleased: 'The calendar',
          recommendation: 'Dark mode',
          page: '/dashboard',
        },
      },
    ]);
    answer(jsonResponse(stored, 201));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(thanks.textContent).toContain('Review submitted successfully.');
    expect(screen.queryByRole('dialog', { name: 'How are we doing?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Give feedback' }));
  });

  it('sends the path of the page without its query string', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(stored, 201);
      }),
    );
    renderFeedback('/calendar?view=day&date=2030-01-07#top');
    await fillAndSend(user);
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(posted).toEqual([expect.objectContaining({ page: '/calendar' })]);
  });

  it("shows the server's message when it refuses, keeping what was typed", async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'Rating must be from 0 to 5.', code: 'validation_failed' }, 400),
      ),
    );
    renderFeedback();
    await fillAndSend(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Rating must be from 0 to 5.');
    expect(screen.getByRole('dialog', { name: 'How are we doing?' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('textbox', { name: 'What would you recommend?' }) as HTMLTextAreaElement)
        .value,
    ).toBe('Dark mode');
    expect(screen.queryByRole('dialog', { name: 'Thank you!' })).toBeNull();
  });

  it("says 'Failed to submit review.' when the server gives no message", async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: '' })),
    );
    renderFeedback();
    await fillAndSend(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit review.');
  });

  it("says 'Failed to submit review.' when the network is down", async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderFeedback();
    await fillAndSend(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit review.');
  });
});
