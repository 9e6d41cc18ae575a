import type { StudySession } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { plansToReplan } from '../utils/sessions';
import { YesterdayCard } from './yesterday-card';

const now = new Date(2026, 2, 3, 9, 0);
const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();

function session(id: number, patch: Partial<StudySession> = {}): StudySession {
  return {
    id,
    planId: 1,
    subjectId: 1,
    topicId: null,
    title: 'Biology',
    day: '2026-03-02',
    startTime: at(2, 17),
    endTime: at(2, 18),
    subjectName: 'Biology',
    topicName: null,
    notes: null,
    reminder: false,
    kind: 'learn',
    checkIn: null,
    ...patch,
  };
}

const checked = { status: 'done' as const, minutesDone: null, rating: null, at: at(2, 19) };

describe('YesterdayCard', { timeout: 20_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it("asks only about yesterday's unchecked sessions of accepted plans, with quick buttons", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(session(1, { checkIn: checked }))),
    );
    const onCheckedIn = vi.fn();
    const sessions = [
      session(1),
      session(2, { subjectName: 'Chemistry', startTime: at(2, 18), endTime: at(2, 19) }),
      session(3, { checkIn: checked }),
      session(4, { startTime: at(1, 17), endTime: at(1, 18) }),
      session(5, { planId: 2 }),
    ];
    renderWithProviders(
      <YesterdayCard
        sessions={sessions}
        activePlanIds={new Set([1])}
        onCheckedIn={onCheckedIn}
        now={now}
      />,
    );
    const card = screen.getByRole('region', { name: 'How did yesterday go?' });
    const groups = within(card).getAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(groups[1]?.getAttribute('aria-labelledby')).toBeTruthy();
    const biology = within(card).getByRole('group', { name: /^Biology/ });
    await user.click(within(biology).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onCheckedIn).toHaveBeenCalled());
    expect(String(vi.mocked(globalThis.fetch).mock.calls[0]?.[0])).toBe('/api/sessions/1/check-in');
    expect(JSON.parse(String(vi.mocked(globalThis.fetch).mock.calls[0]?.[1]?.body))).toEqual({
      status: 'done',
    });
    // Partly asks for the minutes in the dialog, preset to partly.
    const chemistry = within(card).getByRole('group', { name: /^Chemistry/ });
    await user.click(within(chemistry).getByRole('button', { name: 'Partly…' }));
    const dialog = screen.getByRole('dialog', { name: 'Check in: Chemistry' });
    expect(within(dialog).getByRole('radio', { name: 'Partly' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('spinbutton', { name: /^Minutes studied/ })).toBeTruthy();
  });

  it('shows nothing when yesterday is all checked in', () => {
    const { container } = renderWithProviders(
      <YesterdayCard
        sessions={[session(3, { checkIn: checked })]}
        activePlanIds={new Set([1])}
        now={now}
      />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('plansToReplan', () => {
  it('offers the generated plans with a started session missed, partly done or not checked in', () => {
    const sessions = [
      session(1, { planId: 1, checkIn: checked }),
      session(2, { planId: 2, checkIn: { ...checked, status: 'missed' } }),
      session(3, { planId: 3 }),
      session(4, { planId: 4, startTime: at(5, 17), endTime: at(5, 18) }),
      session(5, { planId: 5, checkIn: { ...checked, status: 'partial', minutesDone: 20 } }),
      session(6, { planId: 6 }),
      // Made by hand (no session the planner made): the server cannot re-plan it.
      session(7, { planId: 7, kind: null }),
    ];
    expect(plansToReplan(sessions, new Set([1, 2, 3, 4, 5, 7]), now)).toEqual([2, 3, 5]);
  });
});
