import type { Class, ClassAcceptResult } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testJoinedClass } from '@/testing/classes';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ClassMemberView } from './class-member-view';

const changed: Class = testJoinedClass({
  membership: {
    planId: 4,
    planHasWeek: true,
    share: false,
    pending: [
      { kind: 'exam-moved', exam: 'Finals', from: '2030-06-20', to: '2030-06-27' },
      { kind: 'exam-added', exam: 'Oral', date: '2030-07-01' },
      { kind: 'topic-added', topic: 'Acids' },
      { kind: 'file-removed', file: 'old-notes.pdf' },
    ],
  },
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function stubServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

describe('ClassMemberView', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the class’s exams, topics and files', () => {
    renderWithProviders(
      <ClassMemberView cls={testJoinedClass()} onPlanChanged={vi.fn()} onLeft={vi.fn()} />,
    );
    const exams = screen.getByRole('region', { name: 'Exams' });
    expect(
      within(exams)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Midterm Mar 10, 2030', 'Finals Jun 20, 2030']);
    const topics = screen.getByRole('region', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Atoms about 2 h · for Midterm', 'Bonds', 'Reactions about 3.5 h · for Finals']);
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByText('syllabus.pdf')).toBeTruthy();
    expect(within(files).getByText(/^244\.1 kB/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your teacher changed this class' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Open the plan with this class' }).getAttribute('href'),
    ).toBe('/study-plan/detail/4');
  });

  it('lists the teacher’s changes in words and takes them into the plan on request', async () => {
    const user = userEvent.setup();
    const accepted: ClassAcceptResult = {
      class: testJoinedClass({
        exams: [
          { id: 11, name: 'Midterm', date: '2030-03-10' },
          { id: 12, name: 'Finals', date: '2030-06-27' },
        ],
      }),
      planId: 4,
      placed: 3,
      notices: [
        {
          code: 'class_plan_by_hand',
          params: { plan: 'Spring term' },
          message: 'Spring term was made by hand.',
        },
      ],
    };
    const calls = stubServer(() => jsonResponse(accepted));
    const onPlanChanged = vi.fn();
    renderWithProviders(
      <ClassMemberView cls={changed} onPlanChanged={onPlanChanged} onLeft={vi.fn()} />,
    );
    const panel = screen.getByRole('region', { name: 'Your teacher changed this class' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Exam “Finals” moved from Jun 20, 2030 to Jun 27, 2030',
      'Exam “Oral” added on Jul 1, 2030',
      'Topic “Acids” added',
      'File “old-notes.pdf” removed',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Update my plan' }));
    expect(await within(panel).findByText('3 sessions placed.')).toBeTruthy();
    expect(
      within(panel).getByText(/^Spring term was made by hand, so no free time is known/),
    ).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/classes/7/accept']]);
    expect(onPlanChanged).toHaveBeenCalledWith(4);
  });

  it('sets the changes aside on request, changing nothing of the plan', async () => {
    const user = userEvent.setup();
    const calls = stubServer(() => jsonResponse(testJoinedClass()));
    const onPlanChanged = vi.fn();
    renderWithProviders(
      <ClassMemberView cls={changed} onPlanChanged={onPlanChanged} onLeft={vi.fn()} />,
    );
    const panel = screen.getByRole('region', { name: 'Your teacher changed this class' });
    await user.click(within(panel).getByRole('button', { name: 'Keep my plan as it is' }));
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/classes/7/dismiss']]),
    );
    expect(onPlanChanged).not.toHaveBeenCalled();
  });

  it('shares the student’s progress with the teacher when they tick it, saying what it means', async () => {
    const user = userEvent.setup();
    const calls = stubServer(({ body }) =>
      jsonResponse(
        testJoinedClass({
          membership: {
            planId: 4,
            planHasWeek: true,
            share: (body as { share: boolean }).share,
            pending: [],
          },
        }),
      ),
    );
    renderWithProviders(
      <ClassMemberView cls={testJoinedClass()} onPlanChanged={vi.fn()} onLeft={vi.fn()} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Share my progress with the teacher' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(String(box.getAttribute('aria-describedby')))?.textContent,
    ).toContain('only when 5 or more students joined');
    await user.click(box);
    expect(calls).toEqual([{ url: '/api/classes/7/share', method: 'PUT', body: { share: true } }]);
  });

  it('leaves the class once confirmed, saying the subjects stay', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const calls = stubServer(() =>
      jsonResponse({ message: 'You left the class. Its subjects stay in your plan, as yours.' }),
    );
    const onLeft = vi.fn();
    renderWithProviders(
      <ClassMemberView cls={testJoinedClass()} onPlanChanged={vi.fn()} onLeft={onLeft} />,
    );
    await user.click(screen.getByRole('button', { name: 'Leave class' }));
    expect(confirm).toHaveBeenCalledWith(
      'Leave this class? Its subjects stay in your plan, as yours.',
    );
    await waitFor(() =>
      expect(onLeft).toHaveBeenCalledWith(
        'You left the class. Its subjects stay in your plan, as yours.',
      ),
    );
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/classes/7/leave']]);
  });

  it('stays in the class when the student does not confirm', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    );
    const calls = stubServer(() => jsonResponse({}));
    renderWithProviders(
      <ClassMemberView cls={testJoinedClass()} onPlanChanged={vi.fn()} onLeft={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Leave class' }));
    expect(calls).toEqual([]);
  });
});
