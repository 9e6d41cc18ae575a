import type { ReplanResult } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ReplanPanel } from './replan-panel';

const empty: ReplanResult = { moved: [], added: [], removed: [], tradeOffs: [], readiness: [] };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');
/** A March 2026 instant as the app writes a session's start, in the test machine's zone. */
const local = (iso: string) => {
  const d = new Date(iso);
  return `${WEEKDAYS[d.getDay()]}, Mar ${d.getDate()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const fetchMock = () => vi.mocked(globalThis.fetch);
const bodyOf = (i: number) => JSON.parse(String(fetchMock().mock.calls[i]?.[1]?.body));

describe('ReplanPanel', { timeout: 20_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('re-plans in one click, says what moved and was added, and posts a chosen trade-off', async () => {
    const user = userEvent.setup();
    const first: ReplanResult = {
      ...empty,
      moved: [
        {
          sessionId: 4,
          subject: 'Biology',
          from: '2026-03-02T17:00:00Z',
          to: '2026-03-05T18:00:00Z',
        },
      ],
      added: [{ subject: 'Chemistry', to: '2026-03-06T17:00:00Z' }],
      tradeOffs: [
        {
          id: 'add-time:1',
          kind: 'add-time',
          subject: 'Biology',
          notice: {
            code: 'tradeoff_add_time',
            params: { addHours: 2, blockDate: '2026-03-07', subject: 'Biology' },
            message: 'Add 2 h on 2026-03-07 (Biology back on track).',
          },
        },
        {
          id: 'move-exam:1',
          kind: 'move-exam',
          subject: 'Biology',
          notice: {
            code: 'tradeoff_move_exam',
            params: { subject: 'Biology', examDate: '2026-03-10', newDate: '2026-03-12' },
            message: 'Move the Biology exam date from 2026-03-10 to 2026-03-12 (back on track).',
          },
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(jsonResponse(first)).mockResolvedValueOnce(jsonResponse(empty)),
    );
    const onReplanned = vi.fn();
    renderWithProviders(
      <>
        <h3 id="plan-title">Finals</h3>
        <ReplanPanel planId={9} planHeadingId="plan-title" onReplanned={onReplanned} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Re-plan' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Your calendar changed:'));
    expect(String(fetchMock().mock.calls[0]?.[0])).toBe('/api/plans/9/replan');
    expect(bodyOf(0)).toEqual({});
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Biology: moved from ${local('2026-03-02T17:00:00Z')} to ${local('2026-03-05T18:00:00Z')}`,
      `Chemistry: added on ${local('2026-03-06T17:00:00Z')}`,
    ]);
    expect(onReplanned).toHaveBeenCalledOnce();
    expect(screen.getByText('Add 2 h on Mar 7 (Biology back on track).')).toBeTruthy();
    const choices = screen.getAllByRole('button', { name: 'Choose this' });
    expect(choices).toHaveLength(2);
    await user.click(choices[1] as HTMLElement);
    await waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(2));
    expect(bodyOf(1)).toEqual({ choice: 'move-exam:1' });
    await waitFor(() =>
      expect(status.textContent).toBe(
        'Nothing to re-plan: no missed or unfinished session is waiting.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Choose this' })).toBeNull();
  });

  it("shows the server's message when the re-plan is refused", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'Accept the plan before re-planning it.', code: 'validation_failed' },
          400,
        ),
      ),
    );
    renderWithProviders(<ReplanPanel planId={9} planHeadingId="x" />);
    await user.click(screen.getByRole('button', { name: 'Re-plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Accept the plan before re-planning it.',
    );
  });
});
