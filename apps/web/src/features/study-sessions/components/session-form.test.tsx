import type { PlanSummary, StudySession } from '@studybuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { SessionForm, sessionFormDefaults } from './session-form';

const topic = (id: number, subjectId: number, name: string) => ({
  id,
  subjectId,
  name,
  topicName: name,
  deepDiveContent: null,
  completed: false,
  lessonId: null,
  lessons: [],
  contentStatus: 'written' as const,
  contentNote: null,
});

const plans: PlanSummary[] = [
  {
    id: 1,
    name: 'Biology',
    deadline: null,
    description: null,
    status: 'active',
    subjectDetails: [
      {
        id: 10,
        subjectName: 'Cells',
        examDate: null,
        topics: [topic(100, 10, 'Mitosis'), topic(101, 10, 'Meiosis')],
      },
      { id: 11, subjectName: 'Genetics', examDate: null, topics: [topic(110, 11, 'DNA')] },
    ],
  },
  {
    id: 2,
    name: 'Maths',
    deadline: null,
    description: null,
    status: 'active',
    subjectDetails: [
      { id: 20, subjectName: 'Algebra', examDate: null, topics: [topic(200, 20, 'Matrices')] },
    ],
  },
];

const select = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionTexts = (el: HTMLSelectElement) => Array.from(el.options).map((o) => o.textContent);

function renderForm(props: Partial<Parameters<typeof SessionForm>[0]> = {}) {
  const onSaved = vi.fn();
  renderWithProviders(
    <SessionForm plans={plans} onSaved={onSaved} onCancel={() => undefined} {...props} />,
  );
  return { onSaved };
}

describe('SessionForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('filters subjects by plan and topics by subject, and a topic sets the title', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(select(/^Subject/).disabled).toBe(true);
    await user.selectOptions(select(/^Study plan/), 'Biology');
    expect(optionTexts(select(/^Subject/))).toEqual(['Choose a subject', 'Cells', 'Genetics']);
    await user.selectOptions(select(/^Subject/), 'Cells');
    expect(optionTexts(select(/^Topic/))).toEqual(['Choose a topic', 'Mitosis', 'Meiosis']);
    await user.selectOptions(select(/^Topic/), 'Meiosis');
    expect((screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(
      'Meiosis',
    );
  });

  it('clears the topic when the subject changes, and subject and topic when the plan changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(select(/^Study plan/), 'Biology');
    await user.selectOptions(select(/^Subject/), 'Cells');
    await user.selectOptions(select(/^Topic/), 'Mitosis');

    await user.selectOptions(select(/^Subject/), 'Genetics');
    expect(select(/^Topic/).value).toBe('');
    expect(optionTexts(select(/^Topic/))).toEqual(['Choose a topic', 'DNA']);

    await user.selectOptions(select(/^Topic/), 'DNA');
    await user.selectOptions(select(/^Study plan/), 'Maths');
    expect(select(/^Subject/).value).toBe('');
    expect(select(/^Topic/).value).toBe('');
    expect(select(/^Topic/).disabled).toBe(true);
    expect(optionTexts(select(/^Subject/))).toEqual(['Choose a subject', 'Algebra']);
  });

  it('preselects 17:00 to 18:00 of the given day in the start and end inputs', () => {
    renderForm({ day: new Date(2030, 4, 6) });
    expect((screen.getByLabelText(/^Start/) as HTMLInputElement).value).toBe('2030-05-06T17:00');
    expect((screen.getByLabelText(/^End/) as HTMLInputElement).value).toBe('2030-05-06T18:00');
  });

  it('quick add: starts at the clicked time in the given plan, or in the only plan', () => {
    renderForm({ day: new Date(2025, 2, 5), quick: { time: '09:30', planId: 2 } });
    expect(select(/^Study plan/).value).toBe('2');
    expect((screen.getByLabelText(/^Start/) as HTMLInputElement).value).toBe('2025-03-05T09:30');
    expect((screen.getByLabelText(/^End/) as HTMLInputElement).value).toBe('2025-03-05T10:30');
  });

  it('preselects the only plan and nothing when there are several', () => {
    const only = plans.slice(0, 1);
    expect(sessionFormDefaults(undefined, null, {}, only).studyPlan).toBe('1');
    expect(sessionFormDefaults(undefined, null, {}, plans).studyPlan).toBe('');
    expect(sessionFormDefaults(undefined, null, { planId: 99 }, plans).studyPlan).toBe('');
  });

  it('requires the fields and says when the end is not after the start', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ day: new Date(2030, 4, 6) });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please choose a study plan.')).toBeTruthy();
    expect(screen.getByText('Please choose a subject.')).toBeTruthy();
    expect(screen.getByText('Please choose a topic.')).toBeTruthy();
    expect(screen.getByText('Title is required.')).toBeTruthy();

    const end = screen.getByLabelText(/^End/);
    await user.clear(end);
    await user.type(end, '2030-05-06T16:00');
    await waitFor(() => expect(screen.getByText('End must be after start.')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the start and end inputs as startDateTime and endDateTime with a time zone', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const bodies: unknown[] = [];
    const saved: StudySession = {
      id: 7,
      planId: 1,
      subjectId: 10,
      topicId: 100,
      title: 'Mitosis',
      day: '2030-05-06',
      startTime: new Date(2030, 4, 6, 17).toISOString(),
      endTime: new Date(2030, 4, 6, 18, 30).toISOString(),
      subjectName: 'Cells',
      topicName: 'Mitosis',
      notes: 'Bring notes',
      reminder: true,
      kind: null,
      checkIn: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(saved, 201);
      }),
    );
    const { onSaved } = renderForm({ day: new Date(2030, 4, 6) });
    await user.selectOptions(select(/^Study plan/), 'Biology');
    await user.selectOptions(select(/^Subject/), 'Cells');
    await user.selectOptions(select(/^Topic/), 'Mitosis');
    const end = screen.getByLabelText(/^End/);
    await user.clear(end);
    await user.type(end, '2030-05-06T18:30');
    await user.type(screen.getByLabelText(/^Notes/), 'Bring notes');
    await user.click(screen.getByLabelText(/reminder/));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodies).toEqual([
      {
        studyPlan: 1,
        subject: 10,
        topic: 100,
        title: 'Mitosis',
        startDateTime: new Date(2030, 4, 6, 17).toISOString(),
        endDateTime: new Date(2030, 4, 6, 18, 30).toISOString(),
        notes: 'Bring notes',
        reminder: true,
      },
    ]);
  });

  it('fills the inputs from the session in edit mode', () => {
    const session: StudySession = {
      id: 3,
      planId: 2,
      subjectId: 20,
      topicId: 200,
      title: 'Matrix drills',
      day: '2030-01-02',
      startTime: new Date(2030, 0, 2, 9, 15).toISOString(),
      endTime: new Date(2030, 0, 2, 10, 45).toISOString(),
      subjectName: 'Algebra',
      topicName: 'Matrices',
      notes: null,
      reminder: false,
      kind: null,
      checkIn: null,
    };
    renderForm({ session });
    expect(select(/^Study plan/).value).toBe('2');
    expect(select(/^Subject/).value).toBe('20');
    expect(select(/^Topic/).value).toBe('200');
    expect((screen.getByLabelText(/^Start/) as HTMLInputElement).value).toBe('2030-01-02T09:15');
    expect((screen.getByLabelText(/^End/) as HTMLInputElement).value).toBe('2030-01-02T10:45');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete session' })).toBeTruthy();
  });
});
