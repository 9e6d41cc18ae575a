import type { Profile, Proposal } from '@studybuddy/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import SmartSchedulerReviewPage from './smart-scheduler-review-page';

const proposal: Proposal = {
  planId: 7,
  status: 'draft',
  timeZone: 'UTC',
  schedule: [
    {
      date: '2026-03-03',
      day: 'Tuesday',
      blocks: [
        {
          sessionId: 1,
          subject: 'Biology',
          topic: 'Cells',
          start: '17:00',
          end: '18:00',
          duration: 1,
          focus: [],
          materials: [],
        },
      ],
    },
  ],
  summary: [{ subject: 'Biology', totalHours: 1 }],
  aiWarnings: [],
  content: { topics: [], written: 0, total: 0 },
};

const profile = (weekStartsOn: Profile['weekStartsOn']): Profile => ({
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  notifyOnLesson: false,
  reminderLeadMinutes: 30,
  weekStartsOn,
  isAdmin: false,
  isTeacher: false,
});

function serve(weekStartsOn: Profile['weekStartsOn']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      jsonResponse(String(url).includes('/user/profile') ? profile(weekStartsOn) : proposal),
    ),
  );
}

describe('the proposal review page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['sunday', 'Week 1: Mar 1 – Mar 7'],
    ['monday', 'Week 1: Mar 2 – Mar 8'],
  ] as const)("shows the weeks from the profile's week start (%s)", async (weekStartsOn, title) => {
    serve(weekStartsOn);
    renderWithProviders(<SmartSchedulerReviewPage />, {
      route: '/smart-scheduler/review?planId=7',
    });
    expect(await screen.findByRole('heading', { level: 3, name: title })).toBeTruthy();
  });
});
