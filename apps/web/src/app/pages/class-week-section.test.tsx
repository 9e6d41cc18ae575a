import type { ClassAcceptResult } from '@studybuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testJoinedClass } from '@/testing/classes';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ClassWeekSection } from './class-week-section';

const byHand = testJoinedClass({
  membership: { planId: 4, planHasWeek: false, share: false, pending: [] },
});

describe('ClassWeekSection', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing when the class’s plan has a week', () => {
    renderWithProviders(<ClassWeekSection cls={testJoinedClass()} onPlaced={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Your study week' })).toBeNull();
  });

  it('sends the week the student chose, in their language and zone, and says what was placed', async () => {
    const user = userEvent.setup();
    const sent: { url: string; method: string; body: unknown }[] = [];
    const answer: ClassAcceptResult = {
      class: testJoinedClass(),
      planId: 4,
      placed: 6,
      notices: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push({ url, method: init.method ?? 'GET', body: JSON.parse(String(init.body)) });
        return jsonResponse(answer);
      }),
    );
    const onPlaced = vi.fn();
    renderWithProviders(<ClassWeekSection cls={byHand} onPlaced={onPlaced} />);
    expect(screen.getByRole('region', { name: 'Your study week' })).toBeTruthy();

    // No study day at all: the week's problem is told, and nothing is sent.
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
      await user.click(screen.getByRole('checkbox', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Place my sessions' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one study day.');
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('button', { name: 'Place my sessions' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(4));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/classes/7/week', method: 'PUT' });
    const body = sent[0]?.body as {
      availability: { day: number; enabled: boolean }[];
      preferences: { sessionLength: number };
      language: string;
      timeZone: string;
    };
    expect(body.availability.filter((d) => d.enabled).map((d) => d.day)).toEqual([0, 2]);
    expect(body.preferences.sessionLength).toBe(1);
    expect(body.language).toBe('en');
    expect(body.timeZone).toBeTruthy();
    expect(await screen.findByText('6 sessions placed.')).toBeTruthy();
  });
});
