import type { Subject } from '@studybuddy/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { SubjectSchedule } from './subject-schedule';

const subject: Subject = {
  id: 5,
  studyPlanId: 7,
  name: 'Calculus',
  examDate: '2027-01-15',
  priority: 2,
  topics: [],
};

interface Call {
  url: string;
  method: string | undefined;
  body: unknown;
}

function stubServer(answer: (body: Record<string, unknown>) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      calls.push({ url: String(url), method: init?.method, body });
      return answer(body);
    }),
  );
  return calls;
}

function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the subject schedule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the exam day in the student’s language and the priority', async () => {
    const { i18n } = renderWithProviders(<SubjectSchedule subject={subject} />);
    expect(screen.getByText('Friday, January 15, 2027')).toBeTruthy();
    expect(screen.getByText('High')).toBeTruthy();
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    expect(screen.getByText('Παρασκευή 15 Ιανουαρίου 2027')).toBeTruthy();
    expect(screen.getByText(el.subjects.priority.high)).toBeTruthy();
  });

  it('says "No exam" for a subject without one', () => {
    renderWithProviders(<SubjectSchedule subject={{ ...subject, examDate: null, priority: 0 }} />);
    expect(screen.getByText('No exam')).toBeTruthy();
    expect(screen.getByText('Low')).toBeTruthy();
  });

  it('sends the changed exam day and priority with the name unchanged', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = stubServer((body) => jsonResponse({ ...subject, ...body }));
    const onSaved = vi.fn();
    renderWithProviders(<SubjectSchedule subject={subject} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Change exam day and priority' }));
    const day = screen.getByLabelText<HTMLInputElement>('Exam day');
    expect(day.value).toBe('2027-01-15');
    await user.clear(day);
    await user.type(day, '2027-02-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'Low');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toMatch(/\/subjects\/5$/);
    expect(calls[0]?.body).toEqual({ name: 'Calculus', examDate: '2027-02-01', priority: 0 });
    expect(await screen.findByText('Exam day and priority saved.')).toBeTruthy();
  });

  it('sends null as the exam day when "No exam" is ticked', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = stubServer((body) => jsonResponse({ ...subject, ...body }));
    const onSaved = vi.fn();
    renderWithProviders(<SubjectSchedule subject={subject} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Change exam day and priority' }));
    await user.click(screen.getByRole('checkbox', { name: 'No exam' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([{ name: 'Calculus', examDate: null, priority: 2 }]);
  });

  it('asks for a day or "No exam" before sending an empty exam day', async () => {
    const user = userEvent.setup();
    const calls = stubServer(() => jsonResponse(subject));
    renderWithProviders(<SubjectSchedule subject={subject} />);
    await user.click(screen.getByRole('button', { name: 'Change exam day and priority' }));
    const day = screen.getByLabelText('Exam day');
    await user.clear(day);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    expect(description(day)).toContain('Pick the exam day, or tick “No exam”.');
    expect(calls).toEqual([]);
  });

  it('shows the server’s validation error on the priority field', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    stubServer(() =>
      jsonResponse(
        {
          message: 'Please check the highlighted fields.',
          code: 'validation_failed',
          details: [{ path: 'priority', message: 'Priority must be 0, 1 or 2.' }],
        },
        400,
      ),
    );
    const onSaved = vi.fn();
    renderWithProviders(<SubjectSchedule subject={subject} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Change exam day and priority' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const priority = screen.getByRole('combobox', { name: 'Priority' });
    await vi.waitFor(() => expect(priority.getAttribute('aria-invalid')).toBe('true'));
    expect(description(priority)).toBe('Priority must be 0, 1 or 2.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
