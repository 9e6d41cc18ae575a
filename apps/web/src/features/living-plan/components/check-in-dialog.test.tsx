import type { StudySession } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CheckInDialog } from './check-in-dialog';
import { CheckInState } from './check-in-state';

const session: StudySession = {
  id: 12,
  planId: 3,
  subjectId: 4,
  topicId: null,
  title: 'Biology',
  day: '2026-03-02',
  startTime: '2026-03-02T17:00:00.000Z',
  endTime: '2026-03-02T18:00:00.000Z',
  subjectName: 'Biology',
  topicName: 'Cells',
  notes: null,
  reminder: false,
  kind: 'learn',
  checkIn: null,
};

const fetchMock = () => vi.mocked(globalThis.fetch);
const lastCall = () => fetchMock().mock.calls.at(-1);

function renderDialog(props: Partial<Parameters<typeof CheckInDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onCheckedIn = vi.fn();
  renderWithProviders(
    <CheckInDialog session={session} onClose={onClose} onCheckedIn={onCheckedIn} {...props} />,
  );
  return {
    onClose,
    onCheckedIn,
    dialog: screen.getByRole('dialog', { name: 'Check in: Biology' }),
  };
}

describe('CheckInDialog', { timeout: 20_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('sends done with a rating, then closes and refreshes', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ...session,
          checkIn: { status: 'done', minutesDone: null, rating: 4, at: '2026-03-02T19:00:00Z' },
        }),
      ),
    );
    const { dialog, onClose, onCheckedIn } = renderDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Done' }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'How well did it go? (optional)' }),
      '4 – well',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save check-in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(String(lastCall()?.[0])).toBe('/api/sessions/12/check-in');
    expect(lastCall()?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(lastCall()?.[1]?.body))).toEqual({ status: 'done', rating: 4 });
    expect(onCheckedIn).toHaveBeenCalled();
  });

  it('asks for the minutes of a partly done session, within its length, and sends them', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(session)),
    );
    const { dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Partly' }));
    const save = within(dialog).getByRole('button', { name: 'Save check-in' });
    await user.click(save);
    const minutes = within(dialog).getByRole('spinbutton', { name: /^Minutes studied/ });
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Say how many minutes you studied.')).toBeTruthy();
    await user.type(minutes, '75');
    await user.click(save);
    expect(
      within(dialog).getByText('Minutes done cannot be more than the session lasts.'),
    ).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
    await user.clear(minutes);
    await user.type(minutes, '40');
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(lastCall()?.[1]?.body))).toEqual({
      status: 'partial',
      minutesDone: 40,
    });
  });

  it('shows the server problems on their field, and others for the whole form', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          jsonResponse(
            {
              message: 'minutesDone: Minutes done cannot be more than the session lasts.',
              code: 'validation_failed',
              details: [
                {
                  path: 'minutesDone',
                  message: 'Minutes done cannot be more than the session lasts.',
                },
              ],
            },
            400,
          ),
        )
        .mockResolvedValueOnce(
          jsonResponse(
            { message: 'This session has not started yet.', code: 'validation_failed' },
            400,
          ),
        ),
    );
    const { dialog, onClose } = renderDialog({ initialStatus: 'partial' });
    const minutes = within(dialog).getByRole('spinbutton', { name: /^Minutes studied/ });
    await user.type(minutes, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save check-in' }));
    await waitFor(() => expect(minutes.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('Minutes done cannot be more than the session lasts.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Missed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save check-in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This session has not started yet.',
    );
    expect(JSON.parse(String(lastCall()?.[1]?.body))).toEqual({ status: 'missed' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('CheckInState', () => {
  const now = new Date('2026-03-03T09:00:00Z');

  it('says how a started session went and offers to check it in or change it', async () => {
    const user = userEvent.setup();
    const onCheckIn = vi.fn();
    const { rerender } = renderWithProviders(
      <CheckInState session={session} onCheckIn={onCheckIn} now={now} />,
    );
    expect(screen.getByText('Not checked in')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Check in Biology at / }));
    expect(onCheckIn).toHaveBeenCalledWith(session);
    rerender(
      <CheckInState
        session={{
          ...session,
          checkIn: { status: 'partial', minutesDone: 25, rating: 3, at: '2026-03-02T19:00:00Z' },
        }}
        onCheckIn={onCheckIn}
        now={now}
      />,
    );
    expect(screen.getByText('Partly: 25 min · rated 3/5')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Change the check-in of Biology/ })).toBeTruthy();
  });

  it('shows nothing for a session still to come', () => {
    renderWithProviders(
      <CheckInState session={session} onCheckIn={vi.fn()} now={new Date('2026-03-01')} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
