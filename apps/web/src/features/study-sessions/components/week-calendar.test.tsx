import type { StudySession } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { WeekCalendar } from './week-calendar';

function session(id: number, subjectId: number, subjectName: string, start: string): StudySession {
  return {
    id,
    planId: 1,
    subjectId,
    topicId: null,
    title: `${subjectName} review`,
    day: start.slice(0, 10),
    startTime: new Date(start).toISOString(),
    endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
    notes: null,
    reminder: false,
    subjectName,
    topicName: 'Stereochemistry',
    kind: null,
    checkIn: null,
  } as StudySession;
}

// Sunday 2 August 2026 (local time).
const weekStart = new Date(2026, 7, 2);

describe('WeekCalendar', () => {
  it("paints each session card in its subject's colour and marks exam days at the top", () => {
    const colours = new Map([
      [10, 'orange'],
      [11, 'sky-blue'],
    ]);
    renderWithProviders(
      <WeekCalendar
        sessions={[
          session(1, 10, 'Chemistry', '2026-08-03T10:00:00'),
          session(2, 11, 'Biology', '2026-08-04T10:00:00'),
          session(3, 12, 'Art', '2026-08-04T12:00:00'),
        ]}
        weekStart={weekStart}
        onWeekChange={() => {}}
        colourOf={(s) => colours.get(s.subjectId)}
        exams={[
          { key: 10, date: '2026-08-06', subjectName: 'Chemistry', colour: 'orange' },
          { key: 11, date: '2026-08-20', subjectName: 'Biology', colour: 'sky-blue' },
        ]}
      />,
    );
    const chemistry = screen.getByText('Chemistry').closest('li');
    expect(chemistry?.className).toBe('session-chip session-chip--orange');
    expect(chemistry?.getAttribute('lang')).toBe('en');
    expect(screen.getByText('Biology').closest('li')?.className).toContain(
      'session-chip--sky-blue',
    );
    // A subject without a colour keeps the plain card.
    expect(screen.getByText('Art').closest('li')?.className).toBe('session-chip');

    // Thursday 6 August holds Chemistry's exam; Biology's is in another week.
    const exams = screen.getByRole('list', { name: 'Exams on Thursday' });
    const chip = within(exams).getByRole('listitem');
    expect(chip.textContent).toBe('Exam: Chemistry');
    expect(chip.className).toBe('exam-chip exam-chip--orange');
    expect(screen.queryByText('Exam: Biology')).toBeNull();
    expect(screen.getAllByRole('list', { name: /^Exams on/ })).toHaveLength(1);
    // The chip comes before the day's (empty) session list.
    const tile = exams.closest('.day-tile');
    expect(tile?.firstElementChild?.nextElementSibling).toBe(exams);
  });

  it('ignores an unknown colour name', () => {
    renderWithProviders(
      <WeekCalendar
        sessions={[session(1, 10, 'Chemistry', '2026-08-03T10:00:00')]}
        weekStart={weekStart}
        onWeekChange={() => {}}
        colourOf={() => 'red" onclick="x'}
      />,
    );
    expect(screen.getByText('Chemistry').closest('li')?.className).toBe('session-chip');
  });
});
