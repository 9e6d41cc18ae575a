import type { StudySession } from '@studybuddy/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MonthGrid } from './month-grid';

const at = (id: number, start: Date) =>
  ({
    id,
    subjectId: 10,
    title: `Session ${id}`,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
  }) as StudySession;

describe('MonthGrid', () => {
  it('lays out the month in weeks from Monday, with exams, sessions and "+N more"', () => {
    const onOpenDay = vi.fn();
    const sessions = [8, 10, 12, 14].map((h, i) => at(i + 1, new Date(2026, 11, 3, h)));
    renderWithProviders(
      <MonthGrid
        month={new Date(2026, 11, 15)}
        weekStartsOn={1}
        sessions={sessions}
        exams={[{ key: 1, date: '2026-12-18', subjectName: 'Chemistry', colour: 'orange' }]}
        busy={[
          {
            key: 'c3-2026-12-03',
            busyId: -3,
            kind: 'other',
            title: '',
            date: '2026-12-03',
            startTime: '16:00',
            endTime: '18:00',
            calendar: 'Uni',
            calendarColour: 'teal',
          },
          {
            key: '1-2026-12-03',
            busyId: 1,
            kind: 'lab',
            title: 'Lab shift',
            date: '2026-12-03',
            startTime: '09:00',
            endTime: '10:00',
          },
        ]}
        colourOf={() => 'sky-blue'}
        today={new Date(2026, 11, 3)}
        onOpenDay={onOpenDay}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // December 2026 starts on a Tuesday: the first row opens with Monday 30 November.
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]?.textContent).toMatch(/^30/);
    const third = screen
      .getByRole('button', { name: /December 3, 2026/ })
      .closest('td') as HTMLElement;
    expect(third.textContent).toContain('08:00 Session 1');
    expect(third.textContent).toContain('+1 more');
    expect(third.querySelector('.month-grid__session--sky-blue')).not.toBeNull();
    expect(screen.getByText('Exam: Chemistry').closest('li')?.className).toContain(
      'exam-chip--orange',
    );
    // Busy time, earliest first, named by its title or else its kind.
    expect([...third.querySelectorAll('.month-grid__busy')].map((li) => li.textContent)).toEqual([
      'Busy: Lab shift, 09:00–10:00',
      'Busy: Other, 16:00–18:00',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /December 3, 2026/ }));
    expect(onOpenDay).toHaveBeenCalledWith(new Date(2026, 11, 3));
  });
});
