import type { SubjectReadiness } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { PlanReadiness, ReadinessList } from './readiness-list';

const biology: SubjectReadiness = {
  subjectId: 1,
  subject: 'Biology',
  deadline: '2026-03-20',
  hoursNeeded: 12,
  hoursDone: 4.5,
  hoursPlanned: 5,
  topicsCovered: 3,
  topicsTotal: 6,
  recall: 0.82,
  status: 'at-risk',
  message: 'Needs 2.5 h more before Fri 20 Mar.',
  notice: {
    code: 'readiness_needs_more',
    params: { moreHours: 2.5, deadlineDate: '2026-03-20' },
    message: 'Needs 2.5 h more before Fri 20 Mar.',
  },
};

const history: SubjectReadiness = {
  ...biology,
  subjectId: 2,
  subject: 'History',
  deadline: null,
  hoursNeeded: 8,
  hoursDone: 8,
  hoursPlanned: 2,
  topicsCovered: 4,
  topicsTotal: 4,
  recall: undefined,
  status: 'on-track',
  message: 'On track: 8 of 8 h done.',
  notice: {
    code: 'readiness_on_track',
    params: { doneHours: 8, needHours: 8 },
    message: 'On track: 8 of 8 h done.',
  },
};

describe('ReadinessList', () => {
  it('writes the hours done, planned and needed, the status with its sentence, topics and recall', () => {
    renderWithProviders(
      <ReadinessList readiness={[biology, history]} label="Readiness of Finals" />,
    );
    const items = within(screen.getByRole('list', { name: 'Readiness of Finals' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Biology')).toBeTruthy();
    expect(within(first).getByText('At risk')).toBeTruthy();
    expect(within(first).getByText('Done 4.5 h · planned 5 h · needed 12 h')).toBeTruthy();
    // The notice in the interface language (the same here, in English).
    expect(within(first).getByText('Needs 2.5 h more before Mar 20.')).toBeTruthy();
    expect(within(first).getByText('3 of 6 topics covered · expected recall 82%')).toBeTruthy();
    expect(within(second).getByText('On track')).toBeTruthy();
    expect(within(second).getByText('On track: 8 of 8 h done.')).toBeTruthy();
    expect(within(second).getByText('4 of 4 topics covered')).toBeTruthy();
    // The bar: done, then planned, drawn to the scale of the larger of need and done + planned.
    const done = first.querySelector('.readiness__done');
    const planned = first.querySelector('.readiness__planned');
    expect(Number(done?.getAttribute('width'))).toBeCloseTo(37.5);
    expect(Number(planned?.getAttribute('x'))).toBeCloseTo(37.5);
    expect(Number(planned?.getAttribute('width'))).toBeCloseTo((5 / 12) * 100);
    expect(first.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('PlanReadiness', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads the plan's readiness", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([biology])),
    );
    renderWithProviders(<PlanReadiness planId={7} planName="Finals" />);
    expect(await screen.findByRole('list', { name: 'Readiness of Finals' })).toBeTruthy();
    expect(String(vi.mocked(globalThis.fetch).mock.calls[0]?.[0])).toBe('/api/plans/7/readiness');
  });

  it('says so in one line when it cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Not found.', code: 'not_found' }, 404)),
    );
    renderWithProviders(<PlanReadiness planId={7} planName="Finals" />);
    await waitFor(() => expect(screen.getByText('Readiness could not be loaded.')).toBeTruthy());
  });
});
