import type { Topic } from '@studybuddy/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { TopicByIdPage } from './topic-page';

const topic: Topic = {
  id: 4,
  subjectId: 2,
  name: 'Cells',
  topicName: 'Cells',
  deepDiveContent: null,
  completed: false,
  lessonId: 9,
  lessons: [{ id: 9, title: 'Cells' }],
  contentStatus: 'writing',
  contentNote: null,
};
const written: Topic = {
  ...topic,
  deepDiveContent: '<h2>All about cells</h2>',
  contentStatus: 'written',
};
const subject = {
  id: 2,
  studyPlanId: 3,
  name: 'Biology',
  examDate: null,
  priority: 1,
  topics: [],
};

/** The server: the subject, and the topic's answers in turn (the last one repeats). */
function stubServer(topics: unknown[]) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path === '/subjects/2') return jsonResponse(subject);
    if (path === '/api/topics/4/content/retry' && init?.method === 'POST')
      return jsonResponse(topic);
    if (path === '/topics/4') return jsonResponse(topics.length > 1 ? topics.shift() : topics[0]);
    return jsonResponse({ message: 'Not found.', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const topicReads = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([url]) => String(url) === '/topics/4').length;

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/topic/:id/detail" element={<TopicByIdPage />} />
    </Routes>,
    { route: '/topic/4/detail' },
  );
}

describe('the topic page while its content is written in the background', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says the content is being written, then shows it once written (read every 2 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubServer([topic, topic, written]);
    renderPage();
    const status = await screen.findByText('The deep dive and lesson are being written…');
    expect(status.closest('[aria-busy="true"]')).toBeTruthy();
    // No lesson link and no checklist form while the lesson is being written.
    expect(screen.queryByRole('link', { name: 'View Lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate checklist' })).toBeNull();
    expect(topicReads(fetch)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(topicReads(fetch)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('heading', { name: 'All about cells' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Lesson' })).toBeTruthy();
    // Written: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(topicReads(fetch)).toBe(3);
  });

  it('shows the offline version with its note and makes it writing again on Try again', async () => {
    const user = userEvent.setup();
    stubServer([
      {
        ...written,
        deepDiveContent: '<h2>Offline cells</h2>',
        contentStatus: 'not-written',
        contentNote: { code: 'ai_fallback_rate_limited', params: {}, message: 'Rate limited.' },
      },
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Offline cells' })).toBeTruthy();
    expect(
      screen.getByText(
        "The AI model could not write this topic; this is the offline helper's version.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The deep dive and lesson are being written…')).toBeTruthy();
  });
});
