import type { Class, ClassInput } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testClass } from '@/testing/classes';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ClassForm } from './class-form';

interface Call {
  url: string;
  method: string;
  body: ClassInput;
}

/** Stubs fetch: every save answers `answer(body)` and is recorded. */
function stubSave(answer: (body: ClassInput) => Class | Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as ClassInput;
      calls.push({ url, method: init.method ?? 'GET', body });
      const reply = answer(body);
      return reply instanceof Response ? reply : jsonResponse(reply, 200);
    }),
  );
  return calls;
}

/** The group of one exam or topic row, by its legend ("Exam 1", "Topic 2"). */
const row = (name: string) => screen.getByRole('group', { name });

describe('ClassForm', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('makes a class with its exams and topics in order, a topic’s exam sent as its index', async () => {
    const user = userEvent.setup();
    const calls = stubSave(() => testClass());
    const onSaved = vi.fn();
    renderWithProviders(<ClassForm onSaved={onSaved} />);

    await user.type(screen.getByLabelText(/^Class name/), 'Chemistry 2B');
    await user.type(screen.getByLabelText(/^Subject name in students’ plans/), 'Chemistry');
    await user.click(screen.getByRole('button', { name: 'Add an exam' }));
    await user.click(screen.getByRole('button', { name: 'Add an exam' }));
    await user.type(within(row('Exam 1')).getByLabelText(/^Name/), 'Midterm');
    await user.type(within(row('Exam 1')).getByLabelText(/^Date/), '2030-03-10');
    await user.type(within(row('Exam 2')).getByLabelText(/^Name/), 'Finals');
    await user.type(within(row('Exam 2')).getByLabelText(/^Date/), '2030-06-20');

    await user.type(within(row('Topic 1')).getByLabelText(/^Name/), 'Bonds');
    await user.click(screen.getByRole('button', { name: 'Add a topic' }));
    await user.type(within(row('Topic 2')).getByLabelText(/^Name/), 'Atoms');
    await user.type(within(row('Topic 2')).getByLabelText('Suggested hours (optional)'), '2.5');
    await user.selectOptions(within(row('Topic 2')).getByLabelText('Examined in'), 'Midterm');
    // Atoms is taught first.
    await user.click(within(row('Topic 2')).getByRole('button', { name: 'Move up' }));
    expect((within(row('Topic 1')).getByLabelText(/^Name/) as HTMLInputElement).value).toBe(
      'Atoms',
    );
    await user.click(screen.getByLabelText('Open for joining'));
    await user.click(screen.getByRole('button', { name: 'Create class' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      {
        url: '/api/classes',
        method: 'POST',
        body: {
          name: 'Chemistry 2B',
          subjectName: 'Chemistry',
          exams: [
            { name: 'Midterm', date: '2030-03-10' },
            { name: 'Finals', date: '2030-06-20' },
          ],
          topics: [
            { name: 'Atoms', hours: 2.5, exam: 0 },
            { name: 'Bonds', hours: null, exam: null },
          ],
          joinOpen: false,
        },
      },
    ]);
  });

  it('keeps the ids of the exams and topics kept, and the topics’ exams when one is removed', async () => {
    const user = userEvent.setup();
    const cls = testClass();
    const calls = stubSave((body) => ({ ...cls, version: cls.version, name: body.name }));
    renderWithProviders(<ClassForm cls={cls} />);

    expect(
      (within(row('Topic 3')).getByLabelText('Examined in') as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Finals');
    await user.click(within(row('Exam 1')).getByRole('button', { name: 'Remove exam' }));
    await user.click(within(row('Topic 2')).getByRole('button', { name: 'Remove topic' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url])).toEqual([['PUT', '/api/classes/7']]);
    expect(calls[0]?.body).toEqual({
      name: 'Chemistry 2B',
      subjectName: 'Chemistry',
      exams: [{ id: 12, name: 'Finals', date: '2030-06-20' }],
      topics: [
        // Atoms was examined in the exam removed: now in the last exam.
        { id: 21, name: 'Atoms', hours: 2, exam: null },
        { id: 23, name: 'Reactions', hours: 3.5, exam: 0 },
      ],
      joinOpen: true,
    });
  });

  it('says members were told when the save made a new version', async () => {
    const user = userEvent.setup();
    const cls = testClass();
    stubSave(() => ({
      ...cls,
      version: cls.version + 1,
      exams: [...cls.exams, { id: 13, name: 'Oral', date: '2030-07-01' }],
    }));
    renderWithProviders(<ClassForm cls={cls} />);
    await user.click(screen.getByRole('button', { name: 'Add an exam' }));
    await user.type(within(row('Exam 3')).getByLabelText(/^Name/), 'Oral');
    await user.type(within(row('Exam 3')).getByLabelText(/^Date/), '2030-07-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. Members were told about the changes.')).toBeTruthy();
    // The new exam has its id now: the next save keeps it.
    expect(screen.getAllByRole('group', { name: /^Exam \d$/ })).toHaveLength(3);
  });

  it('checks the class with the contract before sending anything', async () => {
    const user = userEvent.setup();
    const calls = stubSave(() => testClass());
    renderWithProviders(<ClassForm />);
    await user.click(screen.getByRole('button', { name: 'Add an exam' }));
    await user.type(within(row('Topic 1')).getByLabelText('Suggested hours (optional)'), '200');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(
      await within(row('Topic 1')).findByText('Suggested hours must be between 0.5 and 100.'),
    ).toBeTruthy();
    expect(within(row('Exam 1')).getByText('Enter a valid date.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Remove topic' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal in the teacher’s words', async () => {
    const user = userEvent.setup();
    stubSave(() =>
      jsonResponse(
        {
          message: 'Only a teacher can make classes. Ask an admin to make you one.',
          code: 'class_teachers_only',
        },
        403,
      ),
    );
    renderWithProviders(<ClassForm />);
    await user.type(screen.getByLabelText(/^Class name/), 'Physics');
    await user.type(screen.getByLabelText(/^Subject name in students’ plans/), 'Physics');
    await user.type(within(row('Topic 1')).getByLabelText(/^Name/), 'Optics');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only a teacher can make classes. Ask an admin to make you one.',
    );
  });
});
