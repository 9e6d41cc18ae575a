import type { StudySession } from '@studybuddy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SessionDialog } from './session-dialog';

const session: StudySession = {
  id: 7,
  planId: 1,
  subjectId: 10,
  topicId: 100,
  title: 'Stereochemistry',
  day: '2026-11-30',
  startTime: new Date(2026, 10, 30, 17, 0).toISOString(),
  endTime: new Date(2026, 10, 30, 18, 30).toISOString(),
  subjectName: 'Chemistry',
  topicName: 'Stereochemistry',
  notes: 'Chirality\nR/S naming',
  reminder: false,
  kind: 'learn',
  checkIn: null,
};

describe('SessionDialog', () => {
  it('shows the session with its topic link, and moves it from the keyboard', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    renderWithProviders(<SessionDialog session={session} onClose={vi.fn()} onMove={onMove} />);
    expect(screen.getByRole('dialog', { name: 'Stereochemistry' })).toBeTruthy();
    expect(screen.getByText(/17:00–18:30/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stereochemistry' }).getAttribute('href')).toContain(
      '100',
    );
    const date = screen.getByLabelText('Day');
    await user.clear(date);
    await user.type(date, '2026-12-01');
    const time = screen.getByLabelText('Start time');
    await user.clear(time);
    await user.type(time, '09:15');
    await user.click(screen.getByRole('button', { name: 'Move session' }));
    expect(onMove).toHaveBeenCalledWith(session, new Date(2026, 11, 1), 9 * 60 + 15);
  });

  it('shows why a move was refused', () => {
    renderWithProviders(
      <SessionDialog
        session={session}
        onClose={vi.fn()}
        onMove={vi.fn()}
        moveError="The session was not moved: that time is busy."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('that time is busy');
  });
});
