import type { Calendar } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CalendarsDialog } from './calendars-dialog';

const imported: Calendar = {
  id: 4,
  name: 'Semester timetable',
  kind: 'file',
  countsAsBusy: true,
  lastSyncAt: '2026-12-01T09:00:00.000Z',
  eventCount: 39,
  warnings: [{ code: 'unknown_zone', zone: 'Lunar Base Time' }],
  host: null,
};

/** The server: the calendars it holds, and each call the dialog makes. */
function serve(start: Calendar[]) {
  let calendars = start;
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body =
        init.body instanceof FormData
          ? init.body
          : init.body
            ? JSON.parse(String(init.body))
            : undefined;
      calls.push({ method, url, ...(body ? { body } : {}) });
      if (method === 'POST' && url === '/api/calendars' && !(body instanceof FormData)) {
        calendars = [{ ...imported, kind: 'subscription', host: 'timetable.uni.example' }];
        return jsonResponse(calendars[0], 201);
      }
      if (method === 'POST' && url === '/api/calendars') {
        const file = (body as FormData).get('file') as File;
        if (!file.name.endsWith('.ics'))
          return jsonResponse(
            { message: 'This is not a calendar file.', code: 'calendar_not_ics' },
            400,
          );
        calendars = [imported];
        return jsonResponse(imported, 201);
      }
      if (method === 'PUT') {
        calendars = [{ ...imported, ...(body as object) }];
        return jsonResponse(calendars[0]);
      }
      if (method === 'DELETE') {
        calendars = [];
        return jsonResponse({ message: 'Calendar removed.' });
      }
      return jsonResponse(calendars);
    }),
  );
  return calls;
}

describe('CalendarsDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('imports a timetable file, then lists it with its warning, its switch and its removal', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const calls = serve([]);
    renderWithProviders(<CalendarsDialog open onClose={vi.fn()} />);
    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'timetable.ics', {
      type: 'text/calendar',
    });
    await user.upload(screen.getByLabelText(/^Calendar file/), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Semester timetable is imported: 39 busy times.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((sent.get('file') as File).name).toBe('timetable.ics');

    const item = (await screen.findByText('Semester timetable', { selector: 'p' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(item).getByText(/Lunar Base Time is unknown/)).toBeTruthy();
    await user.click(within(item).getByLabelText('Plans leave its events free'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          url: '/api/calendars/4',
          body: { name: 'Semester timetable', countsAsBusy: false },
        },
      ]),
    );
    await user.click(within(item).getByRole('button', { name: 'Remove Semester timetable' }));
    await waitFor(() => expect(screen.queryByText('Your imported calendars')).toBeNull());
  });

  it('subscribes to a link and shows its host, never the link', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const calls = serve([]);
    renderWithProviders(<CalendarsDialog open onClose={vi.fn()} />);
    const link = 'webcal://timetable.uni.example/feeds/8f3a9c.ics';
    await user.type(screen.getByLabelText(/^Calendar link/), link);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Semester timetable is subscribed: 39 busy times.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: link });
    expect(await screen.findByText('Link at timetable.uni.example')).toBeTruthy();
    expect(screen.queryByText(/8f3a9c/)).toBeNull();
  });

  it('says why a file is refused, in the student language', async () => {
    // A file the picker's filter would hide, as a browser without it lets through.
    const user = userEvent.setup({ applyAccept: false });
    setXsrfCookie();
    serve([]);
    renderWithProviders(<CalendarsDialog open onClose={vi.fn()} />);
    await user.upload(
      screen.getByLabelText(/^Calendar file/),
      new File(['Subject,Day'], 'timetable.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/This is not a calendar file/)).toBeTruthy();
  });
});
