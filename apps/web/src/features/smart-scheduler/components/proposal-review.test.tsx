import type { Proposal, WeekStart } from '@studybuddy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ProposalReview } from './proposal-review';

const block = (sessionId: number, subject: string, start: string, end: string) => ({
  sessionId,
  subject,
  topic: `${subject} basics`,
  start,
  end,
  duration: 1,
  focus: [`${subject} focus`],
  materials: ['notes.md'],
});

const proposal: Proposal = {
  planId: 7,
  status: 'draft',
  timeZone: 'UTC',
  schedule: [
    {
      date: '2026-03-02',
      day: 'Monday',
      blocks: [block(1, 'Biology', '17:00', '18:00'), block(2, 'Chemistry', '18:00', '19:00')],
    },
    { date: '2026-03-03', day: 'Tuesday', blocks: [block(3, 'Biology', '17:00', '18:00')] },
  ],
  summary: [
    { subject: 'Biology', totalHours: 2 },
    { subject: 'Chemistry', totalHours: 1 },
  ],
  aiWarnings: [
    {
      code: 'plan_short_before_deadline',
      params: { subject: 'Chemistry', needHours: 14, gotHours: 9, deadlineDate: '2026-03-12' },
      message: 'Chemistry needs about 14 h before 12 Mar, only 9 h are available.',
    },
  ],
  content: {
    topics: [
      { topicId: 11, subject: 'Biology', name: 'Biology basics', status: 'written', note: null },
      {
        topicId: 12,
        subject: 'Chemistry',
        name: 'Chemistry basics',
        status: 'written',
        note: null,
      },
    ],
    written: 2,
    total: 2,
  },
};

function renderReview(data: Proposal = proposal, weekStart: WeekStart = 'monday') {
  const props = { onAccepted: vi.fn(), onDiscarded: vi.fn(), onRegenerate: vi.fn() };
  renderWithProviders(<ProposalReview proposal={data} weekStart={weekStart} {...props} />);
  return props;
}

const fetchMock = () => vi.mocked(globalThis.fetch);

const EVENTS_URL = '/api/plans/7/content/events';

/**
 * The plan's content stream as the server sends it: `send` a `content` event, `end` the body.
 * Every other call goes to `answer`. The fetch's signal errors the body, as the browser does.
 */
function contentServer(
  answer: (url: string, init?: RequestInit) => Response = () => jsonResponse({}),
) {
  const streams: {
    signal: AbortSignal | null | undefined;
    send: (data: unknown) => void;
    end: () => void;
  }[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== EVENTS_URL) return answer(url, init);
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      init?.signal?.addEventListener('abort', () =>
        controller?.error(new DOMException('The user aborted a request.', 'AbortError')),
      );
      streams.push({
        signal: init?.signal,
        send: (data) =>
          controller?.enqueue(encoder.encode(`event: content\ndata: ${JSON.stringify(data)}\n\n`)),
        end: () => controller?.close(),
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  /** The calls that are not the content stream. */
  const otherCalls = () => fetchMock().mock.calls.filter(([url]) => url !== EVENTS_URL);
  return { streams, otherCalls };
}
const lastBody = () => JSON.parse(String(fetchMock().mock.calls.at(-1)?.[1]?.body));

describe('ProposalReview', { timeout: 20_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the weeks first, the days and blocks one click away, hours per subject and the warnings', async () => {
    const user = userEvent.setup();
    renderReview();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Week 1: Mar 2 – Mar 8',
    ]);
    // The full list waits behind the week's button.
    expect(screen.queryAllByRole('heading', { level: 4 })).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: 'Show the 3 sessions' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the sessions');
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 5 }).map((h) => h.textContent)).toEqual([
      'Biology · Biology basics',
      'Chemistry · Chemistry basics',
      'Biology · Biology basics',
    ]);
    expect(screen.getAllByText('Chemistry focus')).toHaveLength(1);
    const chart = screen.getByRole('figure', { name: 'Hours per subject' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Biology2 h', 'Chemistry1 h']);
    expect(within(chart).getByText('Total: 3 h')).toBeTruthy();
    // The notice's code and params, written in the interface language (not the server's text).
    expect(
      screen.getByText('Chemistry needs about 14 h before Mar 12, only 9 h are available.'),
    ).toBeTruthy();
  });

  it('shows the hours per subject of each week in one table and a strip of days per week', () => {
    const longer: Proposal = {
      ...proposal,
      schedule: [
        ...proposal.schedule,
        {
          date: '2026-03-10',
          day: 'Tuesday',
          blocks: [
            { ...block(4, 'Chemistry', '17:00', '19:00'), duration: 2 },
            block(5, 'Biology', '19:00', '20:00'),
          ],
        },
      ],
      summary: [
        { subject: 'Biology', totalHours: 3 },
        { subject: 'Chemistry', totalHours: 3 },
      ],
    };
    renderReview(longer);
    const table = screen.getByRole('table', { name: 'Hours per subject per week' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
    expect(rows).toEqual([
      ['Week', 'Biology', 'Chemistry', 'Total'],
      ['Week 1Mar 2 – Mar 8', '2 h', '1 h', '3 h'],
      ['Week 2Mar 9 – Mar 15', '1 h', '2 h', '3 h'],
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Week 1: Mar 2 – Mar 8',
      'Week 2: Mar 9 – Mar 15',
    ]);
    // Seven days per week, each with a block per session, named for assistive tech.
    const strip = screen.getByRole('list', { name: 'Days of Week 2: Mar 9 – Mar 15' });
    const days = within(strip).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[1]?.textContent).toContain('Chemistry 17:00–19:00');
    expect(days[1]?.textContent).toContain('Biology 19:00–20:00');
    expect(days[0]?.textContent).toContain('free');
    expect(screen.getByRole('button', { name: 'Show the 2 sessions' })).toBeTruthy();
  });

  it("starts each week on the student's week start", () => {
    const twoWeeks: Proposal = {
      ...proposal,
      schedule: [
        ...proposal.schedule,
        { date: '2026-03-10', day: 'Tuesday', blocks: [block(4, 'Chemistry', '17:00', '18:00')] },
      ],
    };
    renderReview(twoWeeks, 'sunday');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Week 1: Mar 1 – Mar 7',
      'Week 2: Mar 8 – Mar 14',
    ]);
    const strip = screen.getByRole('list', { name: 'Days of Week 2: Mar 8 – Mar 14' });
    const days = within(strip).getAllByRole('listitem');
    expect(days[0]?.textContent).toMatch(/^Sun/);
    expect(days[0]?.textContent).toContain('free');
    expect(days[2]?.textContent).toContain('Chemistry 17:00–18:00');
  });

  it('accepts as proposed with {} and says so before going on', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...proposal, status: 'active' })),
    );
    const props = renderReview();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Plan accepted and added to your calendar!',
    });
    expect(String(fetchMock().mock.calls[0]?.[0])).toBe('/api/ai/AcceptStudyPlan/7');
    expect(lastBody()).toEqual({});
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(props.onAccepted).toHaveBeenCalledOnce();
  });

  it('sends the edited block list and shows the server rules next to the blocks', async () => {
    const user = userEvent.setup();
    const english = 'Biology on 2026-03-04 17:30-18:30: that day is not a study day.';
    const notice = {
      code: 'block_not_study_day',
      params: { subject: 'Biology', blockDate: '2026-03-04', startTime: '17:30', endTime: '18:30' },
      message: english,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: english,
            code: 'validation_failed',
            details: [{ path: 'blocks', message: english, notice }],
          },
          400,
        ),
      ),
    );
    // The notice, written in the interface language, not the server's English text.
    const message = 'Biology on Mar 4, 17:30-18:30: that day is not a study day.';
    renderReview();
    await user.click(screen.getByRole('button', { name: 'Modify' }));
    const dates = screen.getAllByLabelText(/^Date/);
    const starts = screen.getAllByLabelText(/^Start/);
    const ends = screen.getAllByLabelText(/^End/);
    fireEvent.change(dates[0] as HTMLElement, { target: { value: '2026-03-04' } });
    fireEvent.change(starts[0] as HTMLElement, { target: { value: '17:30' } });
    fireEvent.change(ends[0] as HTMLElement, { target: { value: '18:30' } });
    fireEvent.change(ends[1] as HTMLElement, { target: { value: '19:30' } });
    await user.click(screen.getAllByRole('button', { name: 'Delete session' })[2] as HTMLElement);
    expect(screen.getByRole('button', { name: 'Restore session' })).toBeTruthy();
    // The totals follow the edits.
    const chart = screen.getByRole('figure', { name: 'Hours per subject' });
    expect(within(chart).getByText('Total: 2.5 h')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Accept with my changes' }));
    await waitFor(() => expect(fetchMock()).toHaveBeenCalled());
    expect(lastBody()).toEqual({
      blocks: [
        { sessionId: 1, date: '2026-03-04', start: '17:30', end: '18:30' },
        { sessionId: 2, date: '2026-03-02', start: '18:00', end: '19:30' },
      ],
    });
    const alert = await screen.findByText('The plan could not be accepted:');
    expect(alert.closest('[role="alert"]')?.textContent).toContain(message);
    // Beside the block too.
    expect(screen.getAllByText(message)).toHaveLength(2);
  });

  it('discards after a confirmation and says Plan discarded.', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Deleted.' })),
    );
    const props = renderReview();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Discard this proposal?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    const done = await screen.findByRole('alertdialog', { name: 'Plan discarded.' });
    const [url, init] = fetchMock().mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/generic/DeleteStudyProgram/7');
    expect(init?.method).toBe('DELETE');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(props.onDiscarded).toHaveBeenCalledOnce();
  });

  it('returns to the setup on Regenerate', async () => {
    const user = userEvent.setup();
    const props = renderReview();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Returning to setup to adjust your inputs...',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(props.onRegenerate).toHaveBeenCalledOnce();
  });

  it('shows an accepted plan read-only with a way to its week in the calendar', () => {
    renderReview({ ...proposal, status: 'active' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modify' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the calendar' }).getAttribute('href')).toBe(
      '/calendar?week=2026-03-02',
    );
  });

  describe('lessons and deep dives', () => {
    const timeoutNote = {
      code: 'ai_fallback_timeout',
      params: {},
      message: 'The AI provider did not answer in time.',
    } as const;
    const writing: Proposal = {
      ...proposal,
      content: {
        topics: [
          { topicId: 11, subject: 'Biology', name: 'Cells', status: 'written', note: null },
          { topicId: 12, subject: 'Biology', name: 'Genes', status: 'writing', note: null },
          {
            topicId: 13,
            subject: 'Chemistry',
            name: 'Acids',
            status: 'not-written',
            note: timeoutNote,
          },
        ],
        written: 2,
        total: 3,
      },
    };
    const stateOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

    it('counts the topics ready, shows each one per subject and keeps Accept usable', async () => {
      const server = contentServer();
      renderReview(writing);
      const panel = screen.getByRole('region', { name: 'Lessons and deep dives' });
      expect(panel.getAttribute('aria-busy')).toBe('true');
      expect(within(panel).getByText('Writing lessons: 2 of 3 topics ready')).toBeTruthy();
      const bar = within(panel).getByRole('progressbar');
      expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['2', '3']);
      expect(bar.getAttribute('aria-valuetext')).toBe('Writing lessons: 2 of 3 topics ready');
      expect(within(panel).getByRole('list', { name: 'Biology' })).toBeTruthy();
      expect(
        within(within(panel).getByRole('list', { name: 'Chemistry' })).getAllByRole('listitem'),
      ).toHaveLength(1);
      expect(stateOf('Cells').textContent).toContain('Ready');
      expect(stateOf('Genes').textContent).toContain('Writing…');
      expect(stateOf('Genes').getAttribute('aria-busy')).toBe('true');
      const acids = stateOf('Acids');
      expect(acids.textContent).toContain('Not written by the AI model');
      expect(acids.textContent).toContain(
        'The AI provider did not answer in time, so this answer comes from the built-in study helper.',
      );
      expect(within(acids).getByRole('button', { name: 'Try again' })).toBeTruthy();
      // The student can accept before the content is done.
      expect(screen.getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false);
      expect(
        screen.getByText(
          'You can accept now: the lessons and deep dives keep being written after you accept.',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(server.streams).toHaveLength(1));
      const [url, init] = fetchMock().mock.calls[0] ?? [];
      expect(url).toBe(EVENTS_URL);
      expect(new Headers(init?.headers).get('Accept')).toBe('text/event-stream');
    });

    it('follows the content events until nothing is writing', async () => {
      const server = contentServer();
      const props = { onAccepted: vi.fn(), onDiscarded: vi.fn(), onRegenerate: vi.fn() };
      const onTopicsSettled = vi.fn();
      renderWithProviders(
        <ProposalReview
          proposal={writing}
          weekStart="monday"
          {...props}
          onTopicsSettled={onTopicsSettled}
        />,
      );
      await waitFor(() => expect(server.streams).toHaveLength(1));
      const stream = server.streams[0];
      stream?.send({
        ...writing.content,
        topics: writing.content.topics.map((topic) =>
          topic.topicId === 12 ? { ...topic, status: 'written' } : topic,
        ),
        written: 3,
      });
      expect(
        await screen.findByText('Done: 2 of 3 topics written', {
          selector: 'p:not(.visually-hidden)',
        }),
      ).toBeTruthy();
      expect(stateOf('Genes').textContent).toContain('Ready');
      // Done: the review lets go of the stream and reads nothing more.
      expect(stream?.signal?.aborted).toBe(true);
      expect(server.otherCalls()).toHaveLength(0);
      expect(onTopicsSettled).toHaveBeenCalledWith([12]);
      expect(
        screen.queryByText(
          'You can accept now: the lessons and deep dives keep being written after you accept.',
        ),
      ).toBeNull();
    });

    it('asks for another try at a topic not written, which is writing again', async () => {
      const user = userEvent.setup();
      const server = contentServer(() =>
        jsonResponse({
          id: 13,
          subjectId: 2,
          name: 'Acids',
          topicName: 'Acids',
          deepDiveContent: null,
          completed: false,
          lessonId: null,
          lessons: [],
          contentStatus: 'writing',
          contentNote: null,
        }),
      );
      renderReview(writing);
      await user.click(within(stateOf('Acids')).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(stateOf('Acids').textContent).toContain('Writing…'));
      const [url, init] = server.otherCalls()[0] ?? [];
      expect(String(url)).toBe('/api/topics/13/content/retry');
      expect(init?.method).toBe('POST');
      expect(screen.getByText('Writing lessons: 1 of 3 topics ready')).toBeTruthy();
    });

    it('says so when the new try cannot start', async () => {
      const user = userEvent.setup();
      contentServer(() => jsonResponse({ message: 'Busy.', code: 'internal' }, 500));
      renderReview(writing);
      await user.click(within(stateOf('Acids')).getByRole('button', { name: 'Try again' }));
      const alert = await within(stateOf('Acids')).findByRole('alert');
      expect(alert.textContent).toBe('The new try could not be started. Please try again later.');
      expect(stateOf('Acids').textContent).toContain('Not written by the AI model');
    });
  });
});
