import type { StudySession } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RecentSessions } from './recent-sessions';

const now = new Date(2026, 2, 10, 9, 0);
const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();

function session(id: number, day: number, patch: Partial<StudySession> = {}): StudySession {
  return {
    id,
    planId: 1,
    subjectId: 1,
    topicId: null,
    title: 'Biology',
    day: `2026-03-${String(day).padStart(2, '0')}`,
    startTime: at(day, 17),
    endTime: at(day, 18),
    subjectName: `Subject ${id}`,
    topicName: null,
    notes: null,
    reminder: false,
    kind: 'learn',
    checkIn: null,
    ...patch,
  };
}

describe('RecentSessions', () => {
  it("lists the past week's sessions of accepted plans, newest first, each with its check-in", () => {
    const sessions = [
      session(1, 2), // more than 7 days ago
      session(2, 4, {
        checkIn: { status: 'missed', minutesDone: null, rating: null, at: at(4, 19) },
      }),
      session(3, 8, {
        checkIn: { status: 'partial', minutesDone: 20, rating: 4, at: at(8, 19) },
      }),
      session(4, 9),
      session(5, 9, { planId: 2 }), // a draft plan
      session(6, 11), // still to come
    ];
    renderWithProviders(
      <RecentSessions sessions={sessions} activePlanIds={new Set([1])} now={now} />,
    );
    const items = within(screen.getByRole('region', { name: 'The last 7 days' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Subject 4',
      'Subject 3',
      'Subject 2',
    ]);
    expect(items[0]?.textContent).toContain('Not checked in');
    expect(items[1]?.textContent).toContain('Partly: 20 min');
    expect(items[2]?.textContent).toContain('Missed');
  });

  it('shows nothing without a session in the past week', () => {
    const { container } = renderWithProviders(
      <RecentSessions sessions={[session(6, 11)]} activePlanIds={new Set([1])} now={now} />,
    );
    expect(container.textContent).toBe('');
  });
});
