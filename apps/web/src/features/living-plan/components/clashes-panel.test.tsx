import type { BusyClash, ReplanResult } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ClashesPanel } from './clashes-panel';

const clash = (sessionId: number, planId: number, more: Partial<BusyClash> = {}): BusyClash => ({
  sessionId,
  planId,
  planName: planId === 9 ? 'Finals' : 'Own sessions',
  subject: 'Calculus',
  title: 'Limits',
  startAt: '2026-03-09T16:00:00Z',
  endAt: '2026-03-09T17:00:00Z',
  busyTitle: 'Physics lab',
  canReplan: planId === 9,
  ...more,
});

const moved: ReplanResult = {
  moved: [
    { sessionId: 1, subject: 'Calculus', from: '2026-03-09T16:00:00Z', to: '2026-03-10T16:00:00Z' },
  ],
  added: [],
  removed: [],
  tradeOffs: [],
  readiness: [],
};

describe('ClashesPanel', { timeout: 20_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the covered sessions by plan, moves them on request, and hides when left', async () => {
    const user = userEvent.setup();
    let settled = false;
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/plans/9/replan') {
        settled = true;
        return jsonResponse(moved);
      }
      return jsonResponse(
        settled
          ? [clash(3, 4)]
          : [clash(1, 9), clash(2, 9, { busyTitle: '', subject: 'Physics' }), clash(3, 4)],
      );
    });
    vi.stubGlobal('fetch', fetch);
    const onReplanned = vi.fn();
    renderWithProviders(<ClashesPanel stamp="1" onReplanned={onReplanned} />);
    const panel = await screen.findByRole('region', {
      name: '3 study sessions now sit on busy time',
    });
    const finals = within(panel).getByRole('heading', { name: 'Finals' });
    expect(finals).toBeTruthy();
    const items = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/Calculus, Limits \(under “Physics lab”\)$/);
    expect(items[1]).toMatch(/Physics, Limits$/);
    // A plan made by hand cannot be re-planned: the student is told to move them.
    expect(within(panel).getAllByRole('button', { name: 'Move them' })).toHaveLength(1);
    expect(within(panel).getByText(/made by hand/)).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Move them' }));
    await waitFor(() => expect(within(panel).getByText('Your calendar changed:')).toBeTruthy());
    expect(onReplanned).toHaveBeenCalledOnce();
    // The clashes are asked again: Finals keeps its answer, its list is gone.
    await screen.findByRole('region', { name: '1 study session now sits on busy time' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Calculus: moved from /),
      expect.stringMatching(/Calculus, Limits \(under “Physics lab”\)$/),
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Leave them' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows nothing without clashes', async () => {
    const fetch = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ClashesPanel stamp="1" />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });
});
