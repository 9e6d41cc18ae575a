import type { PlanProgress } from '@studybuddy/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ProgressChart } from './progress-chart';

/** A plan after a missed, a done and a 20-minute partial check-in: 1.33 of 5.5 hours done. */
const finals: PlanProgress = {
  planId: 7,
  planName: 'Finals',
  topicsTotal: 3,
  topicsCompleted: 1,
  hoursPlanned: 5.5,
  hoursDone: 1.33,
  subjects: [
    {
      subjectId: 1,
      subjectName: 'Medieval History',
      topicsTotal: 3,
      topicsCompleted: 1,
      hoursPlanned: 5.5,
      hoursDone: 1.33,
    },
  ],
};

describe('ProgressChart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes the server's hours done per plan, as the readiness gets them", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([finals])),
    );
    renderWithProviders(<ProgressChart />);
    expect(await screen.findByText('Finals')).toBeTruthy();
    expect(screen.getByText('1.3 of 5.5 planned hours done')).toBeTruthy();
    expect(screen.getByText('1 of 3 topics completed')).toBeTruthy();
  });

  it("writes the server's hours done per subject of one plan", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([finals])),
    );
    renderWithProviders(<ProgressChart planId={7} />);
    expect(await screen.findByText('Medieval History')).toBeTruthy();
    expect(screen.getByText('1.3 of 5.5 planned hours done')).toBeTruthy();
  });
});
