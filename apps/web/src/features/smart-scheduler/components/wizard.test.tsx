import type { Proposal } from '@studybuddy/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { wizardStore } from '../hooks/wizard-store';
import { addDays, localToday } from '../utils/dates';
import { initialWizardState } from '../utils/wizard-state';
import { Wizard } from './wizard';

const topics = 'Cell structure, mitosis and meiosis, DNA replication, protein synthesis.';

/** Stands in for XMLHttpRequest: records each request and answers when the test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: ProgressEventInit) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const proposal: Proposal = {
  planId: 42,
  status: 'draft',
  timeZone: 'UTC',
  schedule: [],
  summary: [],
  aiWarnings: [],
  content: { topics: [], written: 0, total: 0 },
};

function renderWizard() {
  const onGenerated = vi.fn();
  const view = renderWithProviders(<Wizard onGenerated={onGenerated} />);
  return { onGenerated, ...view };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step \d/ });

async function goToSubjects(user: ReturnType<typeof userEvent.setup>) {
  await user.click(next());
  await user.click(next());
  expect(heading()).toHaveProperty('textContent', 'Step 3: Subjects');
}

describe('Wizard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    wizardStore.reset();
    setXsrfCookie();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ stage: 'planning' })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks the current step and moves focus to its heading', async () => {
    const user = userEvent.setup();
    renderWizard();
    const steps = within(screen.getByRole('navigation', { name: 'Wizard steps' })).getAllByRole(
      'listitem',
    );
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    await user.click(next());
    expect(heading().textContent).toBe('Step 2: Weekly availability');
    expect(document.activeElement).toBe(heading());
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[0]?.getAttribute('aria-current')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading().textContent).toBe('Step 1: Study period');
  });

  it('enables Next on the period step only when it is valid, per mode', async () => {
    const user = userEvent.setup();
    renderWizard();
    const today = localToday();
    expect(next()).toHaveProperty('disabled', false);
    expect(screen.getByText(/^Your study period:/)).toBeTruthy();
    const start = screen.getByLabelText(/^Start date/) as HTMLInputElement;
    await user.clear(start);
    await user.type(start, addDays(today, -1));
    expect(screen.getByText('The start date must be today or later.')).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    await user.clear(start);
    await user.type(start, today);
    expect(next()).toHaveProperty('disabled', false);
    const length = screen.getByRole('combobox', { name: /^Length/ }) as HTMLSelectElement;
    expect(length.value).toBe('4');
    expect(length.selectedOptions[0]?.textContent).toBe('4 weeks');
    expect(
      [...length.options].filter((o) => ['1', '5', '52'].includes(o.value)).map((o) => o.text),
    ).toEqual(['1 week', '5 weeks', '52 weeks']);
    await user.click(screen.getByRole('radio', { name: 'An end date' }));
    expect(next()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/^End date/), addDays(today, 10));
    expect(next()).toHaveProperty('disabled', false);
  });

  it('asks for a study day with hours before leaving availability', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(next());
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one study day.');
    expect(heading().textContent).toBe('Step 2: Weekly availability');
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Available hours on Sunday' }),
      '0',
    );
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(
      'Give at least one hour of study time on a study day.',
    );
  });

  it('offers the quick choice first and switches to times per day, starting from it', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(next());
    expect(screen.getByRole('radio', { name: 'Same start time every day' })).toHaveProperty(
      'checked',
      true,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /^Start time$/ }), '18:00');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Available hours on Saturday' }),
      '2',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Available hours on Sunday' }),
      '0',
    );
    const total = () => screen.getByText(/of study time a week\.$/).textContent;
    expect(total()).toBe('About 17 hours of study time a week.');

    await user.click(screen.getByRole('radio', { name: 'Different times for each day' }));
    const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
    expect(screen.queryByRole('combobox', { name: 'Available hours on Saturday' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Start time$/ })).toBeNull();
    // 3 h of 1-h sessions from 18:00 take two sessions, a break and one more.
    expect([select('Start time on Monday').value, select('End time on Monday').value]).toEqual([
      '18:00',
      '21:30',
    ]);
    expect([select('Start time on Saturday').value, select('End time on Saturday').value]).toEqual([
      '18:00',
      '20:00',
    ]);
    // A day with 0 hours is no study day here.
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toHaveProperty('checked', false);
    expect(select('End time on Sunday').disabled).toBe(true);
    expect(total()).toBe('About 17 hours of study time a week.');
    expect(wizardStore.get().availability).toMatchObject({
      mode: 'perDay',
      windows: expect.arrayContaining([{ from: '18:00', to: '20:00' }]),
    });
    // The stored copy keeps them too, for a reload.
    const stored = JSON.parse(sessionStorage.getItem('smartSchedulerWizard') ?? '{}');
    expect(stored.availability.mode).toBe('perDay');
    expect(stored.availability.windows[5]).toEqual({ from: '18:00', to: '20:00' });

    // The whole day, in 30-minute steps.
    const from = [...select('Start time on Monday').options].map((o) => o.value);
    const to = [...select('End time on Monday').options].map((o) => o.value);
    expect([from.length, from[0], from.at(-1), to[0], to.at(-1)]).toEqual([
      48,
      '00:00',
      '23:30',
      '00:30',
      '24:00',
    ]);

    // The quick choice keeps its own values.
    await user.click(screen.getByRole('radio', { name: 'Same start time every day' }));
    expect(select('Start time').value).toBe('18:00');
    // Any start time: a morning or a night owl's day is one choice away.
    const starts = [...select('Start time').options].map((o) => o.value);
    expect([starts.length, starts[0], starts.at(-1)]).toEqual([48, '00:00', '23:30']);
    expect(starts).toContain('07:30');
    expect(select('Available hours on Saturday').value).toBe('2');
    expect(wizardStore.get().availability.mode).toBe('same');
  });

  it('sends a window of its own for each day, and tells a window that ends too early', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'Different times for each day' }));
    await user.click(screen.getByRole('radio', { name: '1.5 hours' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    const saturdayEnd = screen.getByRole('combobox', { name: 'End time on Saturday' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Start time on Saturday' }),
      '09:00',
    );
    await user.selectOptions(saturdayEnd, '08:00');
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(
      'Saturday: The end time must be after the start time.',
    );
    expect(heading().textContent).toBe('Step 2: Weekly availability');
    await waitFor(() => expect(document.activeElement).toBe(saturdayEnd));
    expect(saturdayEnd.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('The end time must be after the start time.', { selector: '.field__error' }),
    ).toBeTruthy();

    await user.selectOptions(saturdayEnd, '12:00');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
    expect(saturdayEnd.getAttribute('aria-invalid')).toBeNull();
    // Two 1.5-h sessions fit 09:00-12:00; 17:00-20:30 holds two too, with the break left over.
    expect(document.getElementById('wizard-day-5-fit')?.textContent).toBe('3 hours of study');
    expect(screen.getByText(/of study time a week\.$/).textContent).toBe(
      'About 18 hours of study time a week.',
    );

    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Generate my plan' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const days = JSON.parse(String(FakeXhr.sent[0]?.body?.get('availability')));
    expect(days[5]).toEqual({
      day: 5,
      enabled: true,
      hours: 3,
      startTime: '09:00',
      endTime: '12:00',
      slots: Array.from({ length: 24 }, (_, h) => h >= 9 && h < 12),
    });
    expect(days[6]).toMatchObject({ day: 6, enabled: false, hours: 0 });
    expect(days[0]).toMatchObject({
      enabled: true,
      hours: 3,
      startTime: '17:00',
      endTime: '20:30',
    });
  });

  it('keeps one subject expanded and opens the first failing one on Next', async () => {
    const user = userEvent.setup();
    renderWizard();
    await goToSubjects(user);
    // The first subject starts expanded.
    expect(screen.getAllByRole('textbox', { name: /^Name/ })).toHaveLength(1);
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe('Subject 1: Name is required.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');

    // A new subject is expanded; the first is minimized with Edit and Delete.
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Subject 2' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Chemistry');
    await user.type(screen.getByRole('textbox', { name: /^Key topics/ }), 'Too short.');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Biology',
    );
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(
      'Subject 2: Key topics must be at least 50 characters.',
    );
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Chemistry',
    );

    // Removing one expands the first; removing the last leaves none.
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    await user.click(deletes[1] as HTMLElement);
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Biology',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('No subjects yet.')).toBeTruthy();
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe('Add at least one subject.');
  });

  it('lists chosen files once per name and size, each removable', async () => {
    const user = userEvent.setup();
    renderWizard();
    await goToSubjects(user);
    const input = screen.getByLabelText('Study files') as HTMLInputElement;
    await user.upload(input, [new File(['# Cells'], 'notes.md'), new File(['lab'], 'lab.txt')]);
    await user.upload(input, [new File(['# Cells'], 'notes.md')]);
    const list = screen.getByRole('list', { name: /^Files of/ });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['notes.md7 BRemove', 'lab.txt3 BRemove']);
    await user.click(screen.getByRole('button', { name: 'Remove notes.md' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends the form, shows the failure with Resend, and posts the same data again', async () => {
    const user = userEvent.setup();
    const { onGenerated } = renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Cell Biology');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    await user.upload(screen.getByLabelText('Study files'), new File(['# Cells'], 'notes.md'));
    await user.click(next());
    expect(heading().textContent).toBe('Step 4: Preferences');
    // The session length was asked at step 2; step 4 does not ask it again.
    expect(screen.queryByRole('radio', { name: '1 hour' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate my plan' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(screen.getByRole('dialog').textContent).toContain('your program will generate soon');
    const first = FakeXhr.sent[0] as FakeXhr;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/ai/ProcessStudyMaterials');
    expect(first.headers['X-XSRF-TOKEN']).toBe('test-token');
    expect(((first.body as FormData).get('Cell_Biology') as File).name).toBe('notes.md');
    const firstJob = first.body?.get('jobId');

    act(() =>
      first.respond(400, {
        message: 'subjects: Add at least one subject.',
        code: 'validation_failed',
      }),
    );
    expect(await screen.findByText('Failed to generate your plan. Please try again.')).toBeTruthy();
    expect(screen.getByText('subjects: Add at least one subject.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const second = FakeXhr.sent[1] as FakeXhr;
    expect(second.body).toBe(first.body);
    expect(second.body?.get('subjects')).toBe(first.body?.get('subjects'));
    expect(second.body?.get('jobId')).not.toBe(firstJob);
    act(() => second.respond(201, proposal));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(proposal));
  });

  it('shows our estimate of the hours live, sends a number only when typed, and the weekly cap', async () => {
    const user = userEvent.setup();
    renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Cell Biology');
    const keyTopics = screen.getByRole('textbox', { name: /^Key topics/ });
    await user.click(keyTopics);
    await user.paste(topics);
    // Without an exam: hours a week, over the default four weeks.
    const weekly = screen.getByRole('spinbutton', { name: 'Hours a week' });
    const hint = () => document.getElementById(`${weekly.id}-hint`)?.textContent;
    expect(hint()).toMatch(/^Our estimate: 2 h a week/);
    expect(weekly.getAttribute('placeholder')).toBe('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    expect(hint()).toMatch(/^Our estimate: 3 h a week/);
    await user.click(keyTopics);
    await user.paste(' Genetics; enzymes; photosynthesis');
    expect(hint()).toMatch(/^Our estimate: 4 h a week/);
    // With an exam day: the hours needed before it, final review included.
    await user.type(screen.getByLabelText(/^Deadline/), addDays(localToday(), 20));
    expect(screen.queryByRole('spinbutton', { name: 'Hours a week' })).toBeNull();
    const needed = screen.getByRole('spinbutton', { name: 'Hours needed before the exam' });
    expect(document.getElementById(`${needed.id}-hint`)?.textContent).toMatch(
      /^Our estimate: 17 h, from the key topics/,
    );
    expect(needed).toHaveProperty('value', '');
    await user.click(next());
    const cap = screen.getByRole('combobox', { name: 'Weekly booking cap' }) as HTMLSelectElement;
    expect(cap.value).toBe('0.8');
    expect(cap.selectedOptions[0]?.textContent).toBe('80%');
    await user.selectOptions(cap, '60%');
    await user.click(screen.getByRole('button', { name: 'Generate my plan' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0] as FakeXhr;
    const part = (name: string) => JSON.parse(String(first.body?.get(name)));
    // Left empty: our estimate, so no number goes.
    expect(part('subjects')[0]).not.toHaveProperty('hoursNeeded');
    expect(part('subjects')[0]).not.toHaveProperty('weeklyHours');
    expect(part('preferences').maxLoad).toBe(0.6);

    // A server problem with the field goes back to it, on its step, with the message.
    act(() =>
      first.respond(400, {
        message: 'subjects.0.hoursNeeded: Hours needed must be between 1 and 500.',
        code: 'validation_failed',
        details: [
          { path: 'subjects.0.hoursNeeded', message: 'Hours needed must be between 1 and 500.' },
        ],
      }),
    );
    await waitFor(() => expect(heading().textContent).toBe('Step 3: Subjects'));
    const again = screen.getByRole('spinbutton', { name: 'Hours needed before the exam' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Hours needed must be between 1 and 500.')).toBeTruthy();
    await user.type(again, '30');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Generate my plan' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const second = JSON.parse(String(FakeXhr.sent[1]?.body?.get('subjects')));
    expect(second[0].hoursNeeded).toBe(30);
    expect(second[0]).not.toHaveProperty('weeklyHours');
  });

  it('keeps every input in the store when the wizard is left and opened again', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.upload(screen.getByLabelText('Study files'), new File(['# Cells'], 'notes.md'));
    first.unmount();
    renderWizard();
    expect(heading().textContent).toBe('Step 3: Subjects');
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Biology',
    );
    expect(screen.getByText('notes.md')).toBeTruthy();
  });

  it('keeps added and removed subjects in the store, and forgets everything on Start over', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Chemistry');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    expect(wizardStore.get().subjects.map((s) => s.name)).toEqual(['Chemistry', '']);
    first.unmount();
    renderWizard();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Chemistry',
      'Subject 2',
    ]);
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(heading().textContent).toBe('Step 1: Study period');
    await goToSubjects(user);
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('asks again for the files a reload forgot', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    await user.upload(screen.getByLabelText('Study files'), new File(['# Cells'], 'notes.md'));
    first.unmount();
    // A reload: the module forgets its state; session storage still has the copy.
    const stored = sessionStorage.getItem('smartSchedulerWizard');
    wizardStore.reset();
    sessionStorage.setItem('smartSchedulerWizard', stored as string);
    renderWizard();
    expect(screen.getByText('notes.md (7 B)')).toBeTruthy();
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(
      'Subject 1: Choose its files again after the page reload, or leave them out.',
    );
    await user.upload(screen.getByLabelText('Study files'), new File(['# Cells'], 'notes.md'));
    expect(screen.queryByText('notes.md (7 B)')).toBeNull();
    await user.click(next());
    expect(heading().textContent).toBe('Step 4: Preferences');
  });

  it('keeps a deadline inside the study period (the contract rule) and points at it', async () => {
    const user = userEvent.setup();
    renderWizard();
    const today = localToday();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Biology');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    // The default period is four weeks from today: its last day is today + 27.
    const deadline = screen.getByLabelText(/^Deadline/) as HTMLInputElement;
    await user.type(deadline, addDays(today, 28));
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(
      'Subject 1: The deadline must be after the start date and inside the study period.',
    );
    expect(document.activeElement).toBe(deadline);
    expect(deadline.getAttribute('aria-invalid')).toBe('true');
    await user.clear(deadline);
    await user.type(deadline, addDays(today, 27));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
    await user.click(next());
    expect(heading().textContent).toBe('Step 4: Preferences');
  });

  it('refuses two subjects whose names would share a file part, naming both', async () => {
    const user = userEvent.setup();
    renderWizard();
    await goToSubjects(user);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Math A');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Math_A');
    await user.click(screen.getByRole('textbox', { name: /^Key topics/ }));
    await user.paste(topics);
    await user.click(next());
    const clash = 'Each subject needs its own name ("Math A" and "Math_A" count as the same).';
    expect(screen.getByRole('alert').textContent).toBe(`Subject 2: ${clash}`);
    expect(screen.getByText(clash, { selector: '.field__error' })).toBeTruthy();
  });

  it('checks every step again on Generate and returns to the first one in error', async () => {
    const user = userEvent.setup();
    // A wizard kept from three days ago: its start date is now in the past.
    const stale = initialWizardState(addDays(localToday(), -3));
    const [first] = stale.subjects;
    wizardStore.set({
      ...stale,
      step: 3,
      subjects: first ? [{ ...first, name: 'Biology', keyTopics: topics }] : [],
    });
    renderWizard();
    await user.click(screen.getByRole('button', { name: 'Generate my plan' }));
    expect(heading().textContent).toBe('Step 1: Study period');
    expect(await screen.findByText('The start date must be today or later.')).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('speaks the chosen language, validation messages included, and asks for content in it', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWizard();
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    const w = el.smartScheduler.wizard;
    const nextButton = () => screen.getByRole('button', { name: w.next });
    const greekHeading = () => screen.getByRole('heading', { level: 2, name: /^Βήμα \d/ });
    expect(greekHeading().textContent).toBe(`Βήμα 1: ${w.steps.period}`);
    expect(
      (screen.getByRole('combobox', { name: /^Διάρκεια/ }) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('4 εβδομάδες');
    await user.click(nextButton());
    expect(screen.getByRole('checkbox', { name: w.weekdays.monday })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1,5 ώρες' })).toBeTruthy();
    await user.click(nextButton());

    await user.type(screen.getByRole('textbox', { name: /^Όνομα/ }), 'Βιολογία');
    await user.type(screen.getByRole('textbox', { name: /^Βασικά θέματα/ }), 'Κύτταρα');
    await user.click(nextButton());
    expect(screen.getByRole('alert').textContent).toBe(
      'Μάθημα 1: Τα βασικά θέματα πρέπει να έχουν τουλάχιστον 50 χαρακτήρες.',
    );
    expect(screen.getByText(w.errors.keyTopicsMin, { selector: '.field__error' })).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: /^Βασικά θέματα/ }));
    await user.click(screen.getByRole('textbox', { name: /^Βασικά θέματα/ }));
    await user.paste(topics);
    await user.click(nextButton());
    expect(greekHeading().textContent).toBe(`Βήμα 4: ${w.steps.preferences}`);
    await user.click(screen.getByRole('button', { name: w.generate }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(screen.getByRole('dialog').textContent).toContain(w.generation.lead);
    expect(FakeXhr.sent[0]?.body?.get('language')).toBe('el');
  });
});
