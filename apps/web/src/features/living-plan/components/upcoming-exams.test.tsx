import type { PlanSummary, SubjectReadiness } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { UpcomingExams } from './upcoming-exams';

const COLOURS = ['orange', 'sky-blue', 'light-green'];
const colourOf = (i: number) => COLOURS[i % COLOURS.length] ?? 'orange';

function subject(id: number, subjectName: string, examDate: string | null) {
  return { id, subjectName, examDate, topics: [] };
}

const plans: PlanSummary[] = [
  {
    id: 7,
    name: 'Finals',
    deadline: '2026-09-30',
    description: null,
    status: 'active',
    subjectDetails: [
      subject(1, 'Chemistry', '2026-08-12'),
      subject(2, 'Biology', '2026-08-03'),
      subject(3, 'History', '2026-07-30'), // past
      subject(4, 'Art', null), // no exam
      subject(5, 'Physics', '2026-08-04'),
    ],
  },
  {
    id: 8,
    name: 'Draft',
    deadline: null,
    description: null,
    status: 'draft',
    subjectDetails: [subject(9, 'Latin', '2026-08-05')],
  },
];

function readiness(subjectId: number, status: SubjectReadiness['status']): SubjectReadiness {
  return {
    subjectId,
    subject: String(subjectId),
    deadline: null,
    hoursNeeded: 1,
    hoursDone: 0,
    hoursPlanned: 1,
    topicsCovered: 0,
    topicsTotal: 1,
    status,
    message: '',
    notice: { code: 'readiness_on_track', params: {}, message: '' },
  } as SubjectReadiness;
}

describe('UpcomingExams', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the accepted plans' coming exams, soonest first, with countdown and readiness", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse([readiness(1, 'behind'), readiness(2, 'on-track'), readiness(5, 'at-risk')]),
      ),
    );
    // Monday 3 August 2026, local time.
    renderWithProviders(
      <UpcomingExams plans={plans} colourOf={colourOf} now={new Date(2026, 7, 3, 9)} />,
    );
    expect(screen.getByRole('heading', { name: 'Upcoming exams' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Upcoming exams, soonest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.upcoming-exams__subject')?.textContent)).toEqual([
      'Biology',
      'Physics',
      'Chemistry',
    ]);
    const [biology, physics, chemistry] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(biology).getByText('today')).toBeTruthy();
    expect(within(physics).getByText('tomorrow')).toBeTruthy();
    expect(within(chemistry).getByText('in 9 days')).toBeTruthy();
    expect(chemistry.querySelector('time')?.getAttribute('datetime')).toBe('2026-08-12');
    expect(chemistry.querySelector('time')?.textContent).toBe('Aug 12, 2026');
    // The colour is the subject's index in its plan (Chemistry 0, Biology 1, Physics 4).
    expect(chemistry.querySelector('.upcoming-exams__dot--orange')).toBeTruthy();
    expect(biology.querySelector('.upcoming-exams__dot--sky-blue')).toBeTruthy();
    expect(physics.querySelector('.upcoming-exams__dot--sky-blue')).toBeTruthy();
    await waitFor(() => expect(within(chemistry).getByText('Readiness: Behind')).toBeTruthy());
    expect(within(biology).getByText('Readiness: On track')).toBeTruthy();
    expect(within(physics).getByText('Readiness: At risk')).toBeTruthy();
    // Only the accepted plan's readiness is asked for.
    expect(vi.mocked(globalThis.fetch).mock.calls.map((c) => String(c[0]))).toEqual([
      '/api/plans/7/readiness',
    ]);
  });

  it('says so when no exam is coming', () => {
    renderWithProviders(
      <UpcomingExams plans={plans} colourOf={colourOf} now={new Date(2026, 8, 1)} />,
    );
    expect(screen.getByText('No exams coming up in your accepted plans.')).toBeTruthy();
  });
});
