import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { AddSubjectForm } from './add-subject-form';

const saved = {
  id: 11,
  studyPlanId: 7,
  name: 'Calculus',
  examDate: null,
  priority: 1,
  topics: [],
};

function stubServer(answer: () => Response = () => jsonResponse(saved)) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  return bodies;
}

/** The texts an input's aria-describedby points at (hint, then error). */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function fillName(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Subject name/ }), 'Calculus');
}

describe('the add subject form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the chosen exam day and priority', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const bodies = stubServer();
    const onAdded = vi.fn();
    renderWithProviders(<AddSubjectForm planId={7} onAdded={onAdded} />);
    await fillName(user);
    await user.type(screen.getByLabelText('Exam day'), '2027-01-15');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(bodies).toEqual([
      { studyPlanId: 7, name: 'Calculus', examDate: '2027-01-15', priority: 2 },
    ]);
  });

  it('leaves the exam day out when it is empty, so the plan’s deadline applies, and sends Medium', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const bodies = stubServer();
    const onAdded = vi.fn();
    renderWithProviders(<AddSubjectForm planId={7} onAdded={onAdded} />);
    expect(description(screen.getByLabelText('Exam day'))).toBe(
      "Leave empty to use the plan's deadline.",
    );
    const priority = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Priority' });
    expect(priority.selectedOptions[0]?.textContent).toBe('Medium');
    await fillName(user);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(bodies).toEqual([{ studyPlanId: 7, name: 'Calculus', priority: 1 }]);
  });

  it('sends null as the exam day when "No exam" is ticked', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const bodies = stubServer();
    const onAdded = vi.fn();
    renderWithProviders(<AddSubjectForm planId={7} onAdded={onAdded} />);
    await fillName(user);
    await user.type(screen.getByLabelText('Exam day'), '2027-01-15');
    await user.click(screen.getByRole('checkbox', { name: 'No exam' }));
    expect(screen.getByLabelText<HTMLInputElement>('Exam day').disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(bodies).toEqual([{ studyPlanId: 7, name: 'Calculus', examDate: null, priority: 1 }]);
  });

  it('shows the server’s validation error on the exam day field', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    stubServer(() =>
      jsonResponse(
        {
          message: 'Please check the highlighted fields.',
          code: 'validation_failed',
          details: [{ path: 'examDate', message: 'Use a date as YYYY-MM-DD.' }],
        },
        400,
      ),
    );
    const onAdded = vi.fn();
    renderWithProviders(<AddSubjectForm planId={7} onAdded={onAdded} />);
    await fillName(user);
    await user.type(screen.getByLabelText('Exam day'), '2027-01-15');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    const field = screen.getByLabelText('Exam day');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(description(field)).toBe("Leave empty to use the plan's deadline. Enter a valid date.");
    expect(onAdded).not.toHaveBeenCalled();
  });
});
