import type { Topic } from '@studybuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { topicKeys } from '../api/keys';
import { TopicContent } from './topic-content';

const topic: Topic = {
  id: 4,
  subjectId: 2,
  name: 'Cells',
  topicName: 'Cells',
  deepDiveContent: '<h2>Cells, offline</h2>',
  completed: false,
  lessonId: 9,
  lessons: [{ id: 9, title: 'Cells' }],
  contentStatus: 'written',
  contentNote: null,
};
const notWritten: Topic = {
  ...topic,
  contentStatus: 'not-written',
  contentNote: {
    code: 'ai_fallback_timeout',
    params: {},
    message: 'The AI provider did not answer in time.',
  },
};

const fetchMock = () => vi.mocked(globalThis.fetch);

describe('TopicContent', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the deep dive once it is written', () => {
    renderWithProviders(<TopicContent topic={topic} />);
    expect(screen.getByRole('heading', { name: 'Cells, offline' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the deep dive and lesson are being written, in place of the deep dive', () => {
    renderWithProviders(
      <TopicContent topic={{ ...topic, deepDiveContent: null, contentStatus: 'writing' }} />,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('The deep dive and lesson are being written…');
    expect(screen.queryByText('No details available for this topic.')).toBeNull();
  });

  it('shows the offline version with the reason and tries again', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...topic, contentStatus: 'writing', contentNote: null })),
    );
    const { client } = renderWithProviders(<TopicContent topic={notWritten} />);
    expect(
      screen.getByText(
        "The AI model could not write this topic; this is the offline helper's version.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The AI provider did not answer in time, so this answer comes from the built-in study helper.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cells, offline' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(client.getQueryData<Topic>(topicKeys.detail(4))?.contentStatus).toBe('writing'),
    );
    const [url, init] = fetchMock().mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/topics/4/content/retry');
    expect(init?.method).toBe('POST');
  });

  it('says so when the new try cannot start', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Busy.', code: 'internal' }, 500)),
    );
    renderWithProviders(<TopicContent topic={notWritten} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The new try could not be started. Please try again later.',
    );
  });
});
