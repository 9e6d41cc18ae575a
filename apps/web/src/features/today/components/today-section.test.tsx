import type { StudySession } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { TodaySection } from './today-section';

const NOW = new Date(2026, 10, 25, 9, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();

function session(over: Partial<StudySession> & { id: number }): StudySession {
  return {
    planId: 1,
    subjectId: 1,
    topicId: null,
    title: 'Study',
    day: '2026-11-25',
    startTime: at(25, 10),
    endTime: at(25, 11),
    subjectName: 'Thermodynamics',
    topicName: null,
    notes: null,
    reminder: false,
    kind: 'learn',
    checkIn: null,
    ...over,
  };
}

const active = new Set([1]);

describe('TodaySection', () => {
  it('shows the next session with Start opening its topic, then today’s other sessions', () => {
    const sessions = [
      session({ id: 1, startTime: at(25, 7), endTime: at(25, 8), subjectName: 'Done already' }),
      session({ id: 2, topicId: 42, topicName: 'Entropy' }),
      session({
        id: 3,
        startTime: at(25, 14),
        endTime: at(25, 15),
        subjectName: 'Medieval History',
        topicName: 'Feudalism',
      }),
      session({
        id: 4,
        startTime: at(25, 16),
        endTime: at(25, 17),
        planId: 2,
        subjectName: 'Draft',
      }),
      session({ id: 5, startTime: at(26, 10), endTime: at(26, 11), subjectName: 'Tomorrow' }),
    ];
    renderWithProviders(<TodaySection sessions={sessions} activePlanIds={active} now={NOW} />);
    const today = screen.getByRole('region', { name: 'Today' });
    const next = within(today).getByRole('region', { name: 'Next session' });
    expect(within(next).getByText('Thermodynamics')).toBeTruthy();
    expect(within(next).getByText('Entropy')).toBeTruthy();
    expect(
      within(next)
        .getByRole('link', { name: 'Start Thermodynamics: Entropy' })
        .getAttribute('href'),
    ).toBe('/topic/42/detail');
    expect(within(today).getByRole('heading', { name: 'Later today' })).toBeTruthy();
    const later = within(today).getAllByRole('listitem');
    expect(later).toHaveLength(1);
    expect(later[0]?.textContent).toMatch('Medieval History');
    expect(later[0]?.textContent).toMatch('Feudalism');
    expect(within(today).queryByText('Done already')).toBeNull();
    expect(within(today).queryByText('Draft')).toBeNull();
    expect(within(today).queryByText('Tomorrow')).toBeNull();
    expect(within(today).queryByText(/Nothing planned for today/)).toBeNull();
  });

  it('opens the calendar at the session’s week when it has no topic', () => {
    renderWithProviders(
      <TodaySection sessions={[session({ id: 1 })]} activePlanIds={active} now={NOW} />,
    );
    expect(screen.getByRole('link', { name: 'Start Thermodynamics' }).getAttribute('href')).toBe(
      '/calendar?week=2026-11-25',
    );
  });

  it('says so in one line with a link to the calendar when nothing is planned today', () => {
    renderWithProviders(
      <TodaySection
        sessions={[session({ id: 1, checkIn: null, startTime: at(24, 10), endTime: at(24, 11) })]}
        activePlanIds={active}
        now={NOW}
      />,
    );
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText(/Nothing planned for today\./)).toBeTruthy();
    expect(
      within(today).getByRole('link', { name: 'Open the calendar' }).getAttribute('href'),
    ).toBe('/calendar');
    expect(within(today).queryByRole('link', { name: /^Start/ })).toBeNull();
  });

  it('still shows the next upcoming session on a day without sessions', () => {
    renderWithProviders(
      <TodaySection
        sessions={[session({ id: 1, startTime: at(27, 10), endTime: at(27, 11), topicId: 7 })]}
        activePlanIds={active}
        now={NOW}
      />,
    );
    expect(screen.getByText(/Nothing planned for today\./)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Next session' }).textContent).toContain(
      'Fri, Nov 27, 10:00–11:00',
    );
    expect(screen.getByRole('link', { name: 'Start Thermodynamics' }).getAttribute('href')).toBe(
      '/topic/7/detail',
    );
  });
});
