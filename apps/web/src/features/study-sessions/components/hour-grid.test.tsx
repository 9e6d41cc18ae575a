import type { StudySession } from '@studybuddy/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { weekDays } from '../utils/week';
import { HourGrid } from './hour-grid';

function session(id: number, subjectId: number, subjectName: string, start: Date): StudySession {
  return {
    id,
    planId: 1,
    subjectId,
    topicId: null,
    title: `${subjectName} review`,
    day: start.toISOString().slice(0, 10),
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
    notes: null,
    reminder: false,
    subjectName,
    topicName: 'Stereochemistry',
    kind: null,
    checkIn: null,
  };
}

// The week from Sunday 2 August 2026 (local time).
const days = weekDays(new Date(2026, 7, 2));
const colours = new Map([
  [10, 'orange'],
  [11, 'sky-blue'],
]);

function renderGrid(overrides: Partial<Parameters<typeof HourGrid>[0]> = {}) {
  const props = {
    days,
    sessions: [
      session(1, 10, 'Chemistry', new Date(2026, 7, 3, 8, 0)),
      session(2, 11, 'Biology', new Date(2026, 7, 3, 16, 0)),
    ],
    busy: [
      {
        key: '5-2026-08-04',
        busyId: 5,
        kind: 'lecture' as const,
        title: 'Physics lecture',
        date: '2026-08-04',
        startTime: '10:00',
        endTime: '12:00',
      },
    ],
    exams: [{ key: 10, date: '2026-08-06', subjectName: 'Chemistry', colour: 'orange' }],
    colourOf: (s: StudySession) => colours.get(s.subjectId),
    now: new Date(2026, 7, 3, 12, 30),
    onOpenSession: vi.fn(),
    onOpenBusy: vi.fn(),
    onAddAt: vi.fn(),
    onDropSession: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<HourGrid {...props} />);
  return props;
}

describe('HourGrid', () => {
  it('places sessions by their time in their subject colour, with busy time, exams and now', () => {
    renderGrid();
    const monday = screen.getByRole('group', { name: /Monday/ });
    const chemistry = within(monday).getByRole('button', {
      name: /Chemistry review, Chemistry, 08:00/,
    });
    const biology = within(monday).getByRole('button', { name: /Biology review, Biology, 16:00/ });
    const boxOf = (el: HTMLElement) => el.closest('li') as HTMLElement;
    expect(boxOf(chemistry).style.getPropertyValue('--start')).toBe('480');
    expect(boxOf(chemistry).style.getPropertyValue('--end')).toBe('570');
    expect(boxOf(biology).style.getPropertyValue('--start')).toBe('960');
    expect(boxOf(chemistry).className).toContain('hour-grid__item--orange');
    expect(boxOf(biology).className).toContain('hour-grid__item--sky-blue');
    const tuesday = screen.getByRole('group', { name: /Tuesday/ });
    expect(
      within(tuesday).getByRole('button', { name: /Physics lecture, 10:00–12:00/ }),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: /Exams on Thursday/ }).textContent).toContain(
      'Exam: Chemistry',
    );
    expect(within(monday).getByText(/Now, 12:30/)).toBeTruthy();
  });

  it('opens a session, and adds at the time clicked on free space', () => {
    const props = renderGrid();
    fireEvent.click(screen.getByRole('button', { name: /Chemistry review/ }));
    expect(props.onOpenSession).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    const wednesday = screen.getByRole('group', { name: /Wednesday/ });
    // jsdom lays nothing out: give the column a height of one pixel a minute.
    wednesday.getBoundingClientRect = () => ({ top: 0, height: 1440 }) as DOMRect;
    fireEvent.click(wednesday, { clientY: 9 * 60 + 10 });
    expect(props.onAddAt).toHaveBeenCalledWith(days[3], 540);
  });
});
