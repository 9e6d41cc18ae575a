import type { PlanSummary } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { PlanList } from './plan-list';

const plan = (id: number, name: string, status: PlanSummary['status']): PlanSummary => ({
  id,
  name,
  deadline: null,
  description: null,
  status,
  subjectDetails: [],
});

describe('PlanList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a draft with a Draft badge and a link to its review', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([plan(1, 'Biology', 'active'), plan(2, 'Finals', 'draft')])),
    );
    renderWithProviders(<PlanList />);
    const [active, draft] = await screen.findAllByRole('listitem');
    expect(within(draft as HTMLElement).getByText('Draft')).toBeTruthy();
    expect(
      within(draft as HTMLElement)
        .getByRole('link', { name: 'Review proposal' })
        .getAttribute('href'),
    ).toBe('/smart-scheduler/review?planId=2');
    expect(
      within(draft as HTMLElement).queryByRole('link', { name: 'View study plan' }),
    ).toBeNull();
    expect(within(active as HTMLElement).queryByText('Draft')).toBeNull();
    expect(
      within(active as HTMLElement)
        .getByRole('link', { name: 'View study plan' })
        .getAttribute('href'),
    ).toBe('/study-plan/detail/1');
  });
});
